import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { gridCode, tokens } = script("check_show.js");

test("a card written in any of the usual ways names one grid card", () => {
  for (const written of ["10H", "10h", "T♥", "t♡", "10♥"]) {
    assert.equal(gridCode(written), "10H", written);
  }
  assert.equal(gridCode("as"), "AS");
  assert.equal(gridCode("Q♣"), "QC");
});

test("the printed joker is JK however it is written", () => {
  for (const written of ["JK", "jk", "joker", "Joker", "\u{1F0CF}"]) {
    assert.equal(gridCode(written), "JK", written);
  }
});

test("a token that is no card names no grid card", () => {
  for (const written of ["1H", "11S", "ZZ", "H", "", "AX", "10"]) {
    assert.equal(gridCode(written), null, written);
  }
});

test("a hand splits into its cards on spaces, commas and new lines", () => {
  assert.deepEqual(tokens(" ah,2h\n 3H  "), ["ah", "2h", "3H"]);
  assert.deepEqual(tokens(""), []);
});
