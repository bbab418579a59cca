"""The Rummy Club rules engine: plain Python, no Django (see ../shared/rules/CONTRACT.md).

One entry point serves the three doors (Python, `manage.py rules`, the REST endpoint):
`evaluate(request)` takes a parsed JSON request and always returns a response dict; an error
is `{"error": {"code": CODE, "message": SENTENCE}}`. `evaluate_json(text)` parses first.
Errors the caller can fix are `RulesError`; anything else escaping is a bug, which the doors
report as `internal_error` without stopping a batch.

House decisions where the contract leaves the call to us (also in docs/rules.md):
- The `wilds` op lists JK as `printed` only while printed jokers are in play (an exposed
  printed joker in a one-joker game leaves none).
- `wild` is required by every op that looks at cards in a game that turns a designator;
  `bonus` in indian13 and vazhushal (which have no value cards) does not need it, nor does
  `score_hand` when every player's points are typed. In vazhushal with
  `negative_joker: false` a given `wild` is read and ignored.
- A typed `bonus` in indian13 or vazhushal is accepted and ignored: those games pay none.
- indian21/rummy27 `two_points` for a `first_turn_pending` player is halved like any
  penalty: 1 point.
- `score_hand` checks each player's cards against the decks separately, as the contract's
  "checked like any other hand" says; it does not add up the cards of the whole table.
- `details` carries every seat: losers' `penalty`, `rule` (`entered` for a typed count,
  `drop` for a pack) and `bonus`; marriage adds `seen`; vazhushal depleted is exactly
  `{"card_score": N}`; a vazhushal win or a void hand has no details.
- Bonus `breakdown` counts cards for a card category, and marriages or tunnelas for those
  categories; categories with nothing in them are left out.
- Shows with several legal kinds name the first in the contract's table order; the melds
  returned prove that kind. For `eight_jokers` no meld is needed, so `melds` is empty and
  every card is `unmatched`; for `ten_jokers` the ten jokers kept apart are `unmatched`.
  A refused show lists the pure sequences the hand holds as its melds.
- The `penalty` op caps (`penalty_cap`) before it halves for `first_turn_pending`, the
  order the contract gives for a played hand.
- A vazhushal show that must be searched (no `melds` given) has at most 27 cards; a larger
  one is `hand_size` with a sentence asking for the player's melds, which are judged at
  any size.
"""

from __future__ import annotations

import gc
import json
import re

from . import budget
from .errors import RulesError, bad_request
from .operations import run

__all__ = [
    "MAX_REQUEST_BYTES",
    "RulesError",
    "evaluate",
    "evaluate_json",
    "is_error",
    "too_large",
]

# The largest request any door reads: a 27-card hand with every option and a full table of
# seats is under 4 KiB, so this leaves room for any honest request (docs/rules.md).
MAX_REQUEST_BYTES = 64 * 1024
# A \uD800-\uDFFF escape: JSON allows one alone, but such text cannot be written out.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abAB]")


def evaluate(request: object, *, time_limit: float | None = None) -> dict:
    """Answer one contract request; never raises for bad input.

    `time_limit` (seconds) is for doors that serve strangers: past it the answer is the
    `too_complex` error rather than a worker held for as long as the hand takes.
    """
    # The search makes many small tuples and no reference cycles; pausing the cycle
    # collector while it runs removes pauses that otherwise dominate the slowest requests.
    collecting = gc.isenabled()
    gc.disable()
    token = budget.start(time_limit)
    try:
        return run(request)
    except RulesError as error:
        return error.as_response()
    except RecursionError:
        # Only a request nested far deeper than the contract's shapes gets here.
        return bad_request("The request is nested too deeply to be a rules request.").as_response()
    finally:
        budget.finish(token)
        if collecting:
            gc.enable()


def evaluate_json(text: str | bytes, *, time_limit: float | None = None) -> dict:
    """Parse one JSON request, then answer it; text that is not JSON is `bad_request`."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(raw) > MAX_REQUEST_BYTES:
        return too_large().as_response()
    try:
        request = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return bad_request("The request is not valid JSON.").as_response()
    except RecursionError:
        return bad_request("The request is nested too deeply to be a rules request.").as_response()
    if _SURROGATE_ESCAPE.search(raw) and not _writable(request):
        return bad_request(
            "The request holds a \\u escape that is half of a character (a lone surrogate); "
            "send the whole character."
        ).as_response()
    return evaluate(request, time_limit=time_limit)


def too_large() -> RulesError:
    return bad_request(
        f"The request is larger than {MAX_REQUEST_BYTES // 1024} KiB; a rules request is "
        "one hand or one table, far smaller."
    )


def is_error(response: dict) -> bool:
    return "error" in response


def _writable(request: object) -> bool:
    """Whether every string of the request can be written out as UTF-8 again."""
    try:
        json.dumps(request, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
