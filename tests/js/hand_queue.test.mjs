import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { newKey, renumbered } = script("hand_queue.js");

test("a hand's client key is a version 4 UUID, new each time", () => {
  const keys = new Set();
  for (let i = 0; i < 200; i += 1) {
    const key = newKey();
    assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    keys.add(key);
  }
  assert.equal(keys.size, 200);
});

function hand(key, createdAt, revision) {
  return { key, createdAt, revision };
}

test("the hands queued behind a hand take the revisions after its own, in order", () => {
  const kept = hand("b", 2, 9);
  const queue = [hand("a", 1, 4), kept, hand("c", 3, 5), hand("d", 4, 6)];
  const changed = renumbered(queue, kept);
  assert.deepEqual(changed.map((item) => [item.key, item.revision]), [["c", 10], ["d", 11]]);
  // The hand itself and the ones before it keep their revisions.
  assert.deepEqual(queue.slice(0, 2).map((item) => item.revision), [4, 9]);
});

test("a hand with nothing queued behind it changes no other hand", () => {
  const last = hand("z", 5, 3);
  assert.deepEqual(renumbered([hand("y", 1, 2), last], last), []);
});
