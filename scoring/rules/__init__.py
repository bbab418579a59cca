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

from .errors import RulesError, bad_request
from .operations import run

__all__ = ["RulesError", "evaluate", "evaluate_json", "is_error"]


def evaluate(request: object) -> dict:
    """Answer one contract request; never raises for bad input."""
    # The search makes many small tuples and no reference cycles; pausing the cycle
    # collector while it runs removes pauses that otherwise dominate the slowest requests.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return run(request)
    except RulesError as error:
        return error.as_response()
    finally:
        if collecting:
            gc.enable()


def evaluate_json(text: str | bytes) -> dict:
    """Parse one JSON request, then answer it; text that is not JSON is `bad_request`."""
    try:
        request = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        return bad_request("The request is not valid JSON.").as_response()
    return evaluate(request)


def is_error(response: dict) -> bool:
    return "error" in response
