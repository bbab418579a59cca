import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { cardCode, groupsOf, textOf } = script("session.js");

test("the picker reads a written card as the code of its grid button", () => {
  assert.equal(cardCode("10♥"), "10H");
  assert.equal(cardCode("th"), "10H");
  assert.equal(cardCode("joker"), "JK");
  assert.equal(cardCode("q♠"), "QS");
});

test("in cards mode the field is one list of cards", () => {
  assert.deepEqual(groupsOf("5H 6H  7H", "cards"), [["5H", "6H", "7H"]]);
  assert.equal(textOf([["5H", "6H", "7H"]], "cards"), "5H 6H 7H");
});

test("in melds mode each separator starts a meld, however the scorer typed it", () => {
  assert.deepEqual(groupsOf("5H 6H 7H / 9S 9D 9C", "melds"), [["5H", "6H", "7H"], ["9S", "9D", "9C"]]);
  assert.deepEqual(groupsOf("5H 6H 7H; 9S 9D 9C|QS KS AS", "melds"), [
    ["5H", "6H", "7H"],
    ["9S", "9D", "9C"],
    ["QS", "KS", "AS"],
  ]);
});

test("a trailing separator is a new meld still empty, and it is written back open", () => {
  const groups = groupsOf("5H 6H 7H / ", "melds");
  assert.deepEqual(groups, [["5H", "6H", "7H"], []]);
  assert.equal(textOf(groups, "melds"), "5H 6H 7H / ");
});

test("an empty field in melds mode is one empty meld to fill", () => {
  assert.deepEqual(groupsOf("", "melds"), [[]]);
  assert.equal(textOf([[]], "melds"), "");
});

test("melds written back drop empty groups in the middle", () => {
  assert.equal(textOf([["5H", "6H", "7H"], [], ["9S", "9D", "9C"]], "melds"), "5H 6H 7H / 9S 9D 9C");
});
