import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { boardView, clockOf } = script("board.js");

function turn(hand, dealer) {
  return { hand: `Hand ${hand}`, dealer, dealer_line: [], first_line: "" };
}

const state = {
  active: true,
  hands_dealt: 1,
  turns: [turn(2, 1), turn(3, 2), turn(4, 0), turn(5, 1)],
};

test("with nothing waiting the screen shows the server's next hand and dealer", () => {
  const view = boardView(state, 0);
  assert.equal(view.nextNumber, 2);
  assert.equal(view.turn.dealer, 1);
});

test("each hand waiting on the phone moves the deal and the hand number on", () => {
  const view = boardView(state, 3);
  assert.equal(view.nextNumber, 5);
  assert.equal(view.turn.hand, "Hand 5");
  assert.equal(view.turn.dealer, 1);
  assert.equal(view.waiting, 3);
});

test("past the turns the server could foresee, no dealer is named rather than a guess", () => {
  assert.equal(boardView(state, 4).turn, null);
  assert.equal(boardView(state, 4).nextNumber, 6);
});

test("a session that has ended has no next dealer", () => {
  assert.equal(boardView({ ...state, active: false }, 0).turn, null);
});

test("the clock time of the last news, and nothing for a time that cannot be read", () => {
  assert.equal(clockOf("2026-11-29T14:05:00", "en-GB"), "14:05");
  assert.equal(clockOf("not a time"), "");
});
