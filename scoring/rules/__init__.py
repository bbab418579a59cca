"""The Rummy Club rules engine: plain Python, no Django (the rules contract, docs/rules.md).

Two doors over one implementation:

- The JSON door serves the command line (`manage.py rules`) and the REST endpoint:
  `evaluate(request)` takes a parsed JSON request and always returns a response dict; an
  error is `{"error": {"code": CODE, "message": SENTENCE}}`. `evaluate_json(text)` parses
  first.
- The typed door serves the app's own services: `score_hand(game, players)` -> `Ledger`,
  `check_show(game, hand)` -> `ShowVerdict`, `hand_penalty(game, hand)` -> `PenaltyAnswer`,
  `hand_bonus(game, hand)` -> `BonusAnswer` and `wild_cards(game)` -> `WildCards`, each
  with an optional `time_limit`. They take and return frozen dataclasses (typed.py: `Game`
  is the table, `Player` one seat of a played hand) and raise `RulesError`, which besides
  its `code` and `message` says which `seat` (player id) and `field` it is about. The typed
  functions write their arguments as a request and answer it through the very steps the
  JSON door takes (operations.py), so both doors check the same things in the same order
  with the same sentences; the answers are built as the dataclasses, and the JSON door's
  response is their `as_json()`.

Every sentence is English in `message` and `reason`, as the doors answer it, and a `Phrase`
beside it (`RulesError.phrase`, `ShowVerdict.reason_phrase`; phrases.py) that a web screen
says in its reader's language (`common/rules_words.py`).

Errors the caller can fix are `RulesError`; anything else escaping is a bug, which the JSON
doors report as `internal_error` without stopping a batch. The rules a service needs to
word its pages (game names, show sizes, designator names, which games have penalties and
value cards, the last player in winning, the steps from a loser's count to what they pay:
`loser_charge`) are exported here too, so nothing outside the
engine restates them.

House decisions where the contract leaves the call to us (also in docs/rules.md):
- The `wilds` op lists JK as `printed` only while printed jokers are in play (an exposed
  printed joker in a one-joker game leaves none).
- `wild` is required by every op that looks at cards in a game that turns a designator
  (`bonus` in indian13 and vazhushal too, though it answers 0 there); `score_hand` does
  not need it when every player's points are typed. In vazhushal with
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
- Marriage as Nepal plays it: three printed jokers are no initial tunnela (a printed joker
  always stands for another card), so such an `initial_tunnelas` group is `bad_request`;
  `jokers: null` in marriage means the default (none), like the section's other options.
- A vazhushal show that must be searched (no `melds` given) has at most 27 cards; a larger
  one is `hand_size` with a sentence asking for the player's melds, which are judged at
  any size.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .door import (
    NESTED_TOO_DEEPLY,
    EngineCall,
    check_show,
    hand_bonus,
    hand_penalty,
    score_hand,
    wild_cards,
)
from .errors import TOO_COMPLEX, RulesError, bad_request
from .ledger import last_one_in, printed_joker_doubles
from .operations import run
from .penalty import (
    BIG_HAND_CAP,
    CAPPED,
    DOUBLED_FIRST_TURN,
    DOUBLED_JOKER,
    HALVED,
    Adjustment,
    Charge,
    loser_charge,
)
from .phrases import Phrase, phrase
from .shows import MELD_KINDS, SHOW_KINDS, SHOW_SIZE_RANGES, VAZHUSHAL_SEARCH_LIMIT
from .table_cards import check_cards_together
from .typed import (
    BonusAnswer,
    BonusLine,
    Game,
    Ledger,
    MeldShown,
    PenaltyAnswer,
    Player,
    SeatDetail,
    ShowVerdict,
    Transfer,
    WildCards,
)
from .variants import (
    BONUS_VARIANTS,
    DESIGNATOR_NAMES,
    GAME_NAMES,
    NO_DESIGNATOR_OPTIONS,
    PENALTY_VARIANTS,
    VARIANTS,
)

__all__ = [
    "BIG_HAND_CAP",
    "BONUS_VARIANTS",
    "CAPPED",
    "DESIGNATOR_NAMES",
    "DOUBLED_FIRST_TURN",
    "DOUBLED_JOKER",
    "GAME_NAMES",
    "HALVED",
    "MAX_REQUEST_BYTES",
    "MELD_KINDS",
    "NO_DESIGNATOR_OPTIONS",
    "PENALTY_VARIANTS",
    "SHOW_KINDS",
    "SHOW_SIZE_RANGES",
    "TOO_COMPLEX",
    "VARIANTS",
    "VAZHUSHAL_SEARCH_LIMIT",
    "Adjustment",
    "BonusAnswer",
    "BonusLine",
    "Charge",
    "Game",
    "Ledger",
    "MeldShown",
    "PenaltyAnswer",
    "Phrase",
    "Player",
    "RulesError",
    "SeatDetail",
    "ShowVerdict",
    "Transfer",
    "WildCards",
    "check_cards_together",
    "check_show",
    "evaluate",
    "evaluate_json",
    "hand_bonus",
    "hand_penalty",
    "is_error",
    "last_one_in",
    "loser_charge",
    "printed_joker_doubles",
    "score_hand",
    "too_large",
    "wild_cards",
]

# The largest request any door reads: a 27-card hand with every option and a full table of
# seats is under 4 KiB, so this leaves room for any honest request (docs/rules.md).
MAX_REQUEST_BYTES = 64 * 1024
# A \uD800-\uDFFF escape: JSON allows one alone, but such text cannot be written out.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def evaluate(request: object, *, time_limit: float | None = None) -> dict[str, Any]:
    """Answer one contract request; never raises for bad input.

    `time_limit` (seconds) is for doors that serve strangers: past it the answer is the
    `too_complex` error rather than a worker held for as long as the hand takes.
    """
    try:
        with EngineCall(time_limit):
            return run(request)
    except RulesError as error:
        return error.as_response()


def evaluate_json(text: str | bytes, *, time_limit: float | None = None) -> dict[str, Any]:
    """Parse one JSON request, then answer it; text that is not UTF-8 JSON is `bad_request`."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(raw) > MAX_REQUEST_BYTES:
        return too_large().as_response()
    try:
        # Strictly UTF-8: json.loads on bytes would take the bytes of half a character
        # (ED A0 80) and hand on a string no door can write out again.
        request = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError):
        return bad_request(phrase("The request is not valid JSON.")).as_response()
    except RecursionError:
        return bad_request(NESTED_TOO_DEEPLY).as_response()
    if _SURROGATE_ESCAPE.search(raw) and not _writable(request):
        return bad_request(
            phrase(
                "The request holds a \\u escape that is half of a character (a lone "
                "surrogate); send the whole character."
            )
        ).as_response()
    return evaluate(request, time_limit=time_limit)


def too_large() -> RulesError:
    return bad_request(
        phrase(
            "The request is larger than %(size)s KiB; a rules request is one hand or one "
            "table, far smaller.",
            size=MAX_REQUEST_BYTES // 1024,
        )
    )


def is_error(response: dict[str, Any]) -> bool:
    return "error" in response


def _writable(request: object) -> bool:
    """Whether every string of the request can be written out as UTF-8 again."""
    try:
        json.dumps(request, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
