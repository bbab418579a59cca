"""Small helpers shared by the hand-worked rules-engine tests in tests/rules/.

They build requests for `scoring.rules.evaluate` (the engine is plain Python, no Django) and
check the parts of a response every variant has in common: an error's shape, a show that is
or is not valid, the transfers of a scored hand. Helpers that send a request take the
`variant` first, so a test module binds them once, e.g. `ask = partial(helpers.ask, VARIANT)`.
Checks that belong to one variant's rules stay in that variant's test module.
"""

from collections import Counter

from scoring.rules import evaluate

# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------


def cards(text):
    """A hand written as one string, as the tests write them: "AH 2H 3H"."""
    return text.split()


def as_hand(hand):
    """A hand given either as one string ("AH 2H 3H") or already as a list of cards."""
    return cards(hand) if isinstance(hand, str) else hand


def value(card, ace=10):
    """Contract value of a card that is NOT wild: A K Q J 10 are 10 (an ace `ace`), 2-9 their
    number."""
    rank = card[:-1]
    if rank == "A":
        return ace
    if rank in ("K", "Q", "J", "10"):
        return 10
    return int(rank)


# --------------------------------------------------------------------------------------------
# Requests
# --------------------------------------------------------------------------------------------


def request(variant, op, **fields):
    """The request dict for `op` in `variant`."""
    return {"op": op, "variant": variant, **fields}


def ask(variant, op, **fields):
    """The engine's response to `op` in `variant` with `fields`."""
    return evaluate(request(variant, op, **fields))


def wilds(variant, **fields):
    return ask(variant, "wilds", **fields)


def show(variant, hand, melds=None, **fields):
    """A `show` request; `hand` may be a string, and `melds` is only sent when given."""
    if melds is not None:
        fields["melds"] = melds
    return ask(variant, "show", hand=as_hand(hand), **fields)


def bonus(variant, hand, **fields):
    """A `bonus` request; `hand` is sent exactly as given."""
    return ask(variant, "bonus", hand=hand, **fields)


def score_hand(variant, players, **fields):
    return ask(variant, "score_hand", players=players, **fields)


# --------------------------------------------------------------------------------------------
# Checks on responses
# --------------------------------------------------------------------------------------------


def _error(response):
    """Assert `response` is exactly a contract error and return its `error` object."""
    assert set(response) == {"error"}, response
    assert set(response["error"]) == {"code", "message"}, response
    message = response["error"]["message"]
    assert isinstance(message, str) and message.strip(), response
    assert "Traceback" not in message, message
    return response["error"]


def error_code(response):
    """Assert `response` is exactly an error with a readable message; return its code."""
    return _error(response)["code"]


def error_of(response, code):
    """Assert `response` is exactly an error with `code`; return its message."""
    error = _error(response)
    assert error["code"] == code, response
    return error["message"]


def ok(response):
    """Assert `response` is not an error; return it."""
    assert "error" not in response, response
    return response


def assert_valid_show(response, kind):
    """A valid show of `kind`."""
    ok(response)
    assert response["valid"] is True, response
    assert response["show"] == kind, response


def assert_no_show(response):
    """A refused show, with a reason given."""
    ok(response)
    assert response["valid"] is False, response
    assert response["show"] is None, response
    assert isinstance(response["reason"], str) and response["reason"].strip(), response


def assert_melds_use_every_card(response, hand):
    """The response's `melds` use every card of `hand` exactly once and leave none unmatched."""
    used = Counter(card for meld in response["melds"] for card in meld["cards"])
    assert used == Counter(hand), response["melds"]
    assert response["unmatched"] == []


def transfers(response):
    """A scored hand's transfers as sorted (from, to, points, reason) tuples."""
    return sorted(
        (item["from"], item["to"], item["points"], item["reason"])
        for item in ok(response)["transfers"]
    )
