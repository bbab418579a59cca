import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { asksOf, boardView, clockOf, fill } = script("board.js");

// Three players; Bala (1) deals next, then Chitra (2), then Asha (0).
const state = {
  active: true,
  hands_dealt: 1,
  tiles: [{ position: 0, name: "Asha" }, { position: 1, name: "Bala" }, { position: 2, name: "Chitra" }],
  deal: {
    order: [1, 2, 0],
    left: null,
    hand: "Hand %(number)s",
    dealer_line: [{ text: "%(name)s", strong: true }, { text: " deals", strong: false }],
    first_line: "%(name)s plays first · clockwise",
  },
};

test("with nothing waiting the screen shows the server's next hand and dealer", () => {
  const view = boardView(state, 0);
  assert.equal(view.nextNumber, 2);
  assert.equal(view.turn.hand, "Hand 2");
  assert.equal(view.turn.dealer, 1);
  assert.deepEqual(view.turn.dealer_line, [{ text: "Bala", strong: true }, { text: " deals", strong: false }]);
  assert.equal(view.turn.first_line, "Chitra plays first · clockwise");
});

test("each hand waiting on the phone moves the deal and the hand number on, round the table", () => {
  const view = boardView(state, 3);
  assert.equal(view.nextNumber, 5);
  assert.equal(view.turn.hand, "Hand 5");
  assert.equal(view.turn.dealer, 1);
  assert.equal(view.waiting, 3);
  assert.equal(boardView(state, 2).turn.dealer_line[0].text, "Asha");
  assert.equal(boardView(state, 2).turn.first_line, "Bala plays first · clockwise");
});

test("past the session's last hand no dealer is named", () => {
  const short = { ...state, deal: { ...state.deal, left: 2, hand: "Hand %(number)s of 3" } };
  assert.equal(boardView(short, 1).turn.hand, "Hand 3 of 3");
  assert.equal(boardView(short, 2).turn, null);
  assert.equal(boardView(short, 2).nextNumber, 4);
});

test("a session that has ended has no next dealer", () => {
  assert.equal(boardView({ ...state, active: false, deal: null }, 0).turn, null);
});

test("a name with format-like text in it is put in once, as it is", () => {
  assert.equal(fill("%(name)s deals", { name: "%(number)s" }), "%(number)s deals");
});

test("the clock time of the last news, and nothing for a time that cannot be read", () => {
  assert.equal(clockOf("2026-11-29T14:05:00", "en-GB"), "14:05");
  assert.equal(clockOf("not a time"), "");
});

test("a player is asked about the shown hands that wait for their seat, newest first, with their own cell", () => {
  const rows = [
    { number: 1, shown_number: 1, version: 1, waiting: [1, 2], answer_url: "/a/1/", cells: [{ shown: "27" }, { shown: "0", penalty: "−20" }, { shown: "−7" }] },
    { number: 2, shown_number: 2, version: 2, waiting: [2], answer_url: "/a/2/", cells: [{ shown: "−5" }, { shown: "+12" }, { shown: "−7" }] },
    { number: 3, shown_number: 3, version: 1, waiting: [], answer_url: "/a/3/", cells: [{ shown: "0" }, { shown: "0" }, { shown: "0" }] },
  ];
  const asked = { ...state, rows };
  assert.deepEqual(
    asksOf(asked, 2).map((ask) => [ask.number, ask.version, ask.points, ask.url]),
    [[2, 2, "−7", "/a/2/"], [1, 1, "−7", "/a/1/"]],
  );
  assert.deepEqual(asksOf(asked, 1).map((ask) => ask.points), ["0 · −20"]);
  assert.deepEqual(asksOf(asked, 0), []);
  assert.deepEqual(asksOf(asked, 9), []); // no such seat
  assert.deepEqual(asksOf({ ...state, rows: [{ ...rows[0], answer_url: null }] }, 1), []);
});
