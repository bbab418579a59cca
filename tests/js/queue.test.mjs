import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { newKey, renumbered, closedGap, outcomeOf, newer } = script("queue.js");

test("a hand's client key is a version 4 UUID, new each time", () => {
  const keys = new Set();
  for (let i = 0; i < 200; i += 1) {
    const key = newKey();
    assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    keys.add(key);
  }
  assert.equal(keys.size, 200);
});

function hand(key, createdAt, revision, page = "/s/1/") {
  return { key, createdAt, revision, page };
}

test("the hands queued behind a hand take the revisions after its own, in order", () => {
  const kept = hand("b", 2, 9);
  const queue = [hand("a", 1, 4), kept, hand("c", 3, 5), hand("d", 4, 6)];
  const changed = renumbered(queue, kept);
  assert.deepEqual(changed.map((item) => [item.key, item.revision]), [["c", 10], ["d", 11]]);
  // The hand itself and the ones before it keep their revisions.
  assert.deepEqual(queue.slice(0, 2).map((item) => item.revision), [4, 9]);
});

test("a hand of another session keeps its revision when one of this session's is kept", () => {
  const kept = hand("a", 1, 9);
  const other = hand("x", 2, 3, "/s/2/");
  renumbered([kept, other], kept);
  assert.equal(other.revision, 3);
});

test("a hand taken out of the queue moves the hands after it up one revision", () => {
  const gone = hand("b", 2, 5);
  const queue = [hand("a", 1, 4), gone, hand("c", 3, 6), hand("d", 4, 7), hand("x", 5, 2, "/s/2/")];
  const changed = closedGap(queue, gone);
  assert.deepEqual(changed.map((item) => [item.key, item.revision]), [["c", 5], ["d", 6]]);
  assert.equal(queue[0].revision, 4);
  assert.equal(queue[4].revision, 2);
});

test("a stored hand is known by the JSON answer, a repeat's 200 as well as a 201", () => {
  assert.deepEqual(outcomeOf(201, true, { outcome: "stored" }, false), { outcome: "stored" });
  assert.deepEqual(outcomeOf(200, true, { outcome: "stored" }, false), { outcome: "stored" });
});

test("another phone's change first needs the scorer; so does a session that ended", () => {
  const stale = outcomeOf(409, true, { outcome: "stale", code: "stale_session", detail: "Changed." }, false);
  assert.deepEqual(stale, { outcome: "attention", detail: "Changed." });
  const closed = outcomeOf(409, true, { outcome: "closed", code: "session_closed", detail: "Ended." }, false);
  assert.deepEqual(closed, { outcome: "closed", detail: "Ended." });
});

test("a refused hand comes back with each sentence's field and seat", () => {
  const errors = [{ field: null, seat: 2, message: "Type Esha's points." }];
  const refused = outcomeOf(400, true, { outcome: "refused", code: "bad_request", detail: "Type Esha's points.", errors }, false);
  assert.equal(refused.outcome, "refused");
  assert.deepEqual(refused.errors, errors);
});

test("an answer that is not JSON is never read: the hand waits, and a login page says so", () => {
  assert.deepEqual(outcomeOf(200, false, null, true), { outcome: "wait", login: true });
  assert.deepEqual(outcomeOf(403, false, null, false), { outcome: "wait", login: true });
  assert.deepEqual(outcomeOf(502, false, null, false), { outcome: "wait", login: false });
  // A busy engine answers 503 in JSON: tried again later, not refused.
  assert.deepEqual(outcomeOf(503, true, { code: "busy" }, false), { outcome: "wait", login: false });
});

test("of two states of a session the higher revision is the newer, then the later news", () => {
  const old = { revision: 3, as_of: "2026-11-29T10:00:00+00:00" };
  const next = { revision: 4, as_of: "2026-11-29T09:00:00+00:00" };
  assert.equal(newer(old, next), next);
  assert.equal(newer(next, old), next);
  const later = { revision: 4, as_of: "2026-11-29T11:00:00+00:00" };
  assert.equal(newer(next, later), later);
  assert.equal(newer(null, old), old);
  assert.equal(newer(old, undefined), old);
});

const { applied } = script("queue.js");

function row(number, shown) {
  return { number, shown_number: number, cells: [{ shown }] };
}

const tiles = [{ position: 0 }, { position: 1 }];
const known = {
  revision: 5, tiles, rows: [row(1, "+1"), row(2, "+2"), row(3, "+3")], recent: 3, words: { total: "Total" },
};

test("a change since the phone's revision replaces changed hands, adds new ones, keeps the window", () => {
  const change = {
    since: 5, revision: 7, tiles, rows: [row(2, "+20"), row(4, "+4")], removed: [], recent: 3, earlier: { text: "Show all 4 hands" },
  };
  const now = applied(known, change);
  assert.deepEqual(now.rows.map((r) => [r.number, r.cells[0].shown]), [[2, "+20"], [3, "+3"], [4, "+4"]]);
  assert.equal(now.revision, 7);
  assert.deepEqual(now.words, { total: "Total" });
  assert.equal(now.since, undefined);
  assert.equal(now.earlier.text, "Show all 4 hands");
});

test("a hand undone since goes; a screen showing every hand keeps every hand", () => {
  const every = { ...known, recent: null };
  const change = { since: 5, revision: 6, tiles, rows: [], removed: [3], recent: 20, earlier: { text: "x" } };
  const now = applied(every, change);
  assert.deepEqual(now.rows.map((r) => r.number), [1, 2]);
  assert.equal(now.recent, null);
  assert.equal(now.earlier, null);
});

test("a change the phone cannot apply asks for the whole state", () => {
  // Changes before `since` are missing here.
  assert.equal(applied(known, { since: 6, revision: 8, tiles, rows: [], removed: [] }), null);
  // Someone sat down: every row has a new cell.
  const seated = [...tiles, { position: 2 }];
  assert.equal(applied(known, { since: 5, revision: 6, tiles: seated, rows: [], removed: [] }), null);
  assert.equal(applied(null, { since: 5, revision: 6, tiles, rows: [], removed: [] }), null);
});

test("a whole state is taken as it is", () => {
  const whole = { revision: 9, tiles, rows: [], words: {} };
  assert.equal(applied(known, whole), whole);
});
