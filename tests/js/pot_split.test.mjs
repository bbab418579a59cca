import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { leftToShare } = script("pot_split.js");

test("what is left to share is the pot less the amounts typed", () => {
  assert.equal(leftToShare(300, ["120", "80"]), 100);
  assert.equal(leftToShare(300, ["150", "150"]), 0);
});

test("empty boxes give nothing, so the whole pot is left before anything is typed", () => {
  assert.equal(leftToShare(300, ["", "", ""]), 300);
  assert.equal(leftToShare(300, []), 300);
});

test("a negative, a fraction or a word gives nothing until the server says why", () => {
  assert.equal(leftToShare(300, ["-50", "100"]), 200);
  assert.equal(leftToShare(300, ["12.5", "100"]), 200);
  assert.equal(leftToShare(300, ["ten", "0"]), 300);
});

test("amounts over the pot show a negative amount left, not a silent zero", () => {
  assert.equal(leftToShare(100, ["80", "50"]), -30);
});
