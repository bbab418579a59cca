import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { slotOf, entriesOf, seatsOf } = script("hand_form.js");

test("a seat's mistake goes beside that seat, a field's beside the field", () => {
  assert.equal(slotOf({ field: null, seat: 2, message: "" }), "seat-error-2");
  assert.equal(slotOf({ field: null, seat: 0, message: "" }), "seat-error-0");
  assert.equal(slotOf({ field: "winner", seat: null, message: "" }), "hand-error-winner");
  assert.equal(slotOf({ field: "wild", seat: null, message: "" }), "hand-error-wild");
});

test("a mistake about a field the form has no slot for is said at the top of the form", () => {
  assert.equal(slotOf({ field: "client_key", seat: null, message: "" }), "hand-error-form");
  assert.equal(slotOf({ field: null, seat: null, message: "" }), "hand-error-form");
});

test("a queued hand keeps what was typed, not the token, key or revision the queue sets", () => {
  const pairs = [
    ["csrfmiddlewaretoken", "t"], ["client_key", "k"], ["revision", "3"],
    ["wild", "10C"], ["s0-how", "won"], ["s1-points", "20"],
  ];
  assert.deepEqual(entriesOf(pairs), [["wild", "10C"], ["s0-how", "won"], ["s1-points", "20"]]);
});

test("the seats a form was drawn for, from its fields' names", () => {
  assert.deepEqual(seatsOf(["s2-how", "s0-how", "show", "s10-how", "s0-points"]), [0, 2, 10]);
});
