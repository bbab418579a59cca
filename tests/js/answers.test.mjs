import assert from "node:assert/strict";
import { test } from "node:test";

import { script } from "./load.mjs";

const { answerOutcome, waitingNumbers } = script("answers.js");

test("an answer the server stored leaves the phone; one it refused leaves it with its sentence", () => {
  assert.deepEqual(answerOutcome(200, true, { outcome: "stored", session: {} }), { outcome: "stored" });
  assert.deepEqual(
    answerOutcome(409, true, { outcome: "refused", code: "hand_changed", detail: "Hand 3 was changed." }),
    { outcome: "refused", detail: "Hand 3 was changed." },
  );
  assert.deepEqual(answerOutcome(400, true, { detail: "Say what is wrong with the hand." }).outcome, "refused");
  assert.deepEqual(answerOutcome(404, true, { detail: "freed" }).outcome, "refused");
});

test("an answer waits on the phone through no network, a login page, or a busy server", () => {
  assert.equal(answerOutcome(200, false, null).outcome, "wait"); // a login page
  assert.equal(answerOutcome(403, false, null).outcome, "wait"); // the CSRF check
  assert.equal(answerOutcome(503, true, { detail: "busy" }).outcome, "wait");
  assert.equal(answerOutcome(500, false, null).outcome, "wait");
});

test("the hands waiting for an answer are this page's own", () => {
  const items = [
    { page: "/p/abc/", number: 3 },
    { page: "/clubs/x/sessions/1/", number: 4 },
    { page: "/p/abc/", number: 5 },
  ];
  assert.deepEqual(waitingNumbers(items, "/p/abc/"), [3, 5]);
  assert.deepEqual(waitingNumbers(items, "/elsewhere/"), []);
});
