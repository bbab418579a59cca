"""The typed door (`scoring.rules.score_hand`, `check_show`, ...) against the JSON door.

Both doors run the same steps, so for any request the typed function's answer, written out
with `as_json()`, is the JSON door's response, and a refusal is the same code and sentence;
the typed door's error also says which seat it is about.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scoring import rules
from scoring.rules import Game, Player, RulesError, evaluate

LOSER13 = ["3C", "4C", "5C", "8D", "8H", "8S", "QD", "JK", "AD", "KC", "2H", "6S", "10S"]
NO_MELDS13 = ["2S", "5H", "9C", "JD", "KS", "3H", "7D", "QC", "4S", "8H", "10C", "AD", "6S"]
HAND21 = (
    "2H 3H 4H 5S 6S 7S 9D 10D JD KC KD KH 4C 4D 7H 8H QS QS 2C AC 3D".split()
)  # three pure sequences, a set and more
NO_SHOW21 = "AS 3S 5S 7S 9S JS KS 2H 4H 6H 8H 10H QH 2D 5D 8D JD 3C 6C 9C QC".split()
RUMMY27 = (
    "AS 2S 3S 5H 6H 7H 9D 10D JD KC KC KC 4S 4S 4S 8C 8C 8C QH QH QH 2D 3D 4D 6C 7C 8S".split()
)
MARRIAGE21 = "AS 2S 3S 5H 6H 7H 9D 10D JD KC KC KC 4S 4S 4S 8C 8C 8C QH QH QH".split()

# Each case is a JSON request; the test reads it into the typed door's arguments.
CASES: list[dict[str, Any]] = [
    {"op": "wilds", "variant": "indian13", "players": 3, "wild": "9D"},
    {"op": "wilds", "variant": "rummy27", "wild": "JK"},
    {"op": "wilds", "variant": "vazhushal", "options": {"negative_joker": False}, "wild": None},
    {"op": "wilds", "variant": "marriage", "wild": "JK"},
    {"op": "show", "variant": "indian13", "wild": "9D", "hand": LOSER13},
    {"op": "show", "variant": "indian21", "wild": "5C", "hand": HAND21},
    {"op": "show", "variant": "indian21", "wild": "KH", "hand": NO_SHOW21},
    {"op": "show", "variant": "rummy27", "wild": "JH", "hand": RUMMY27},
    {"op": "show", "variant": "marriage", "wild": "9H", "hand": MARRIAGE21},
    {
        "op": "show",
        "variant": "vazhushal",
        "players": 2,
        "wild": "2C",
        "hand": ["7H", "8H", "9H", "KS", "KD", "KH"],
        "melds": [["7H", "8H", "9H"], ["KS", "KD", "KH"]],
    },
    {"op": "show", "variant": "indian13", "wild": "9D", "hand": LOSER13[:12]},
    {"op": "penalty", "variant": "indian13", "wild": "9D", "hand": LOSER13},
    {
        "op": "penalty",
        "variant": "indian13",
        "wild": "JK",
        "options": {"penalty_cap": 60, "ace_value": 11},
        "hand": NO_MELDS13,
        "first_turn_pending": True,
    },
    {"op": "penalty", "variant": "indian21", "wild": "KH", "hand": NO_SHOW21},
    {"op": "penalty", "variant": "marriage", "wild": "9H", "hand": MARRIAGE21},
    {"op": "bonus", "variant": "indian21", "wild": "7H", "hand": ["7H", "8H", "6H", "7H"]},
    {"op": "bonus", "variant": "indian13", "hand": ["7H"]},
    {
        "op": "bonus",
        "variant": "marriage",
        "wild": "9H",
        "hand": ["10H", "10H", "10H", "9H", "8H", "KC"],
        "initial_tunnelas": [["10H", "10H", "10H"]],
    },
    {"op": "bonus", "variant": "rummy27", "wild": "7H", "hand": ["ZZ"]},
    {
        "op": "score_hand",
        "variant": "indian13",
        "wild": "9D",
        "options": {"scoring": "zero_sum"},
        "players": [
            {"id": "ravi", "result": "won"},
            {"id": "meera", "result": "lost", "hand": LOSER13},
            {"id": "arun", "result": "dropped", "drop": "later"},
        ],
    },
    {
        "op": "score_hand",
        "variant": "indian13",
        "wild": "JK",
        "options": {"double_on_printed_joker": True},
        "players": [
            {"id": "a", "result": "won", "declared": "first_turn_before_draw"},
            {"id": "b", "result": "lost", "hand": NO_MELDS13, "first_turn_pending": True},
            {"id": "c", "result": "lost", "penalty": 45},
            {"id": "d", "result": "dropped", "drop": "first"},
        ],
    },
    {
        "op": "score_hand",
        "variant": "indian21",
        "wild": "5C",
        "players": [
            {"id": "asha", "result": "won", "hand": ["5C", "6C", "4C"]},
            {"id": "bala", "result": "lost", "hand": NO_SHOW21},
            {"id": "chitra", "result": "lost", "penalty": 45, "bonus": 10},
            {"id": "dev", "result": "dropped", "drop": "first"},
        ],
    },
    {
        "op": "score_hand",
        "variant": "marriage",
        "wild": "9H",
        "players": [
            {"id": "x", "result": "won", "show": "eight_dublees", "seen": True},
            {"id": "y", "result": "lost", "seen": True, "hand": ["10H", "8H"]},
            {"id": "z", "result": "lost", "bonus": 7},
        ],
    },
    {
        "op": "score_hand",
        "variant": "vazhushal",
        "wild": "2C",
        "depleted": True,
        "players": [
            {"id": "p", "melds": [["7H", "8H", "9H"]], "hand": ["2D"]},
            {"id": "q", "melds": [], "hand": ["KS", "KD"]},
        ],
    },
    {
        "op": "score_hand",
        "variant": "indian21",
        "wild": "5C",
        "void": True,
        "players": [{"id": "a", "result": "won"}, {"id": "b", "result": "lost", "penalty": 3}],
    },
    {
        "op": "score_hand",
        "variant": "indian13",
        "players": [
            {"id": "a", "result": "dropped", "drop": "first"},
            {"id": "b", "result": "lost", "penalty": 3},
        ],
    },
    # Refusals: the same code and sentence through both doors.
    {"op": "score_hand", "variant": "indian13", "wild": "9D", "players": [{"id": "a"}]},
    {
        "op": "score_hand",
        "variant": "indian13",
        "wild": "9D",
        "players": [{"id": "a", "result": "won"}, {"id": "b", "result": "lost"}],
    },
    {
        "op": "score_hand",
        "variant": "indian13",
        "wild": "9D",
        "players": [
            {"id": "a", "result": "won"},
            {"id": "b", "result": "lost", "hand": LOSER13[:12] + ["1X"]},
        ],
    },
    {
        "op": "score_hand",
        "variant": "indian21",
        "wild": "QQ",
        "players": [{"id": "a", "result": "won"}, {"id": "b", "result": "lost", "hand": ["AS"]}],
    },
    {"op": "score_hand", "variant": "indian99", "players": []},
    {"op": "show", "variant": "indian13", "options": {"jokers": 99}, "wild": "2S", "hand": []},
]


def _groups(value: Any) -> tuple[tuple[str, ...], ...] | None:
    return None if value is None else tuple(tuple(group) for group in value)


def _game(request: dict[str, Any]) -> Game:
    players = request.get("players")
    return Game(
        request["variant"],
        request.get("options") or {},
        request.get("wild"),
        players if isinstance(players, int) else None,
    )


def _player(seat: dict[str, Any]) -> Player:
    fields = dict(seat)
    for key in ("melds", "initial_tunnelas"):
        fields[key] = _groups(fields.get(key))
    if fields.get("hand") is not None:
        fields["hand"] = tuple(fields["hand"])
    return Player(**fields)


def _typed(request: dict[str, Any]) -> Any:
    """The request through the typed door."""
    op, game = request["op"], _game(request)
    if op == "wilds":
        return rules.wild_cards(game)
    if op == "show":
        return rules.check_show(game, request["hand"], melds=_groups(request.get("melds")))
    if op == "penalty":
        pending = request.get("first_turn_pending", False)
        return rules.hand_penalty(game, request["hand"], first_turn_pending=pending)
    if op == "bonus":
        tunnelas = _groups(request.get("initial_tunnelas"))
        return rules.hand_bonus(game, request["hand"], initial_tunnelas=tunnelas)
    return rules.score_hand(
        game,
        [_player(seat) for seat in request["players"]],
        void=request.get("void", False),
        depleted=request.get("depleted", False),
    )


@pytest.mark.parametrize("request_", CASES, ids=lambda r: f"{r['op']}-{r['variant']}")
def test_the_typed_door_answers_as_the_json_door(request_: dict[str, Any]) -> None:
    expected = evaluate(request_)
    try:
        answer = _typed(request_)
    except RulesError as error:
        assert expected == {"error": {"code": error.code, "message": error.message}}
    else:
        assert answer.as_json() == expected


def test_the_cases_cover_answers_and_refusals() -> None:
    errors = [case for case in CASES if "error" in evaluate(case)]
    assert 5 <= len(errors) < len(CASES) - 20


# -- which seat an error is about ------------------------------------------------------------
def _refusal(players: list[Player], game: Game | None = None) -> RulesError:
    with pytest.raises(RulesError) as caught:
        rules.score_hand(game or Game("indian13", wild="9D"), players)
    return caught.value


def test_a_loser_with_neither_hand_nor_penalty_is_named() -> None:
    error = _refusal([Player("asha", "won"), Player("bala", "lost"), Player("chitra", "lost")])
    assert (error.code, error.seat, error.field) == ("bad_request", "bala", "hand")
    assert error.message == "Player bala lost: give the cards in `hand` or the points in `penalty`."


def test_a_bad_card_in_the_second_seats_hand_is_about_that_seat() -> None:
    hand = tuple(LOSER13[:12]) + ("11H",)
    error = _refusal([Player("asha", "won"), Player("bala", "lost", hand=hand)])
    assert (error.code, error.seat, error.field) == ("bad_card", "bala", "hand")
    # The sentence is the JSON door's, which names no player.
    assert "bala" not in error.message


def test_two_winners_name_the_second_one_marked() -> None:
    error = _refusal([Player("a", "won"), Player("b", "lost", penalty=3), Player("c", "won")])
    assert (error.code, error.seat) == ("bad_request", "c")
    assert error.message == "Only one player can win a hand; a, c are all marked won."


def test_too_many_copies_are_pinned_on_the_player_holding_them() -> None:
    hand = ("7H", "7H", "7H", *NO_MELDS13[:10])
    error = _refusal(
        [Player("a", "won"), Player("b", "lost", penalty=2), Player("c", "lost", hand=hand)],
        Game("indian13", wild="5C", players=3),
    )
    assert (error.code, error.seat) == ("impossible_hand", "c")


def test_a_wrong_sized_losing_hand_and_a_bad_table_meld_name_their_seats() -> None:
    short = _refusal([Player("a", "won"), Player("b", "lost", hand=tuple(LOSER13[:5]))])
    assert (short.code, short.seat) == ("hand_size", "b")
    with pytest.raises(RulesError) as caught:
        rules.score_hand(
            Game("vazhushal", wild="2C"),
            [
                Player("p", melds=(("7H", "8H", "9H"),), hand=()),
                Player("q", melds=(("2S", "9D", "KC"),), hand=()),
            ],
            depleted=True,
        )
    assert (caught.value.seat, caught.value.field) == ("q", "melds")


def test_errors_about_the_table_name_no_seat() -> None:
    error = _refusal(
        [Player("a", "won"), Player("b", "lost", penalty=3)],
        Game("indian13", {"ace_value": 12}),
    )
    assert (error.code, error.seat, error.field) == ("bad_request", None, "options.ace_value")
    wild = _refusal(
        [Player("a", "won"), Player("b", "lost", hand=tuple(LOSER13))], Game("indian13", wild="QQ")
    )
    assert (wild.code, wild.seat, wild.field) == ("bad_card", None, "wild")


def test_the_json_door_answers_only_code_and_message() -> None:
    response = evaluate(
        {
            "op": "score_hand",
            "variant": "indian13",
            "wild": "9D",
            "players": [{"id": "a", "result": "won"}, {"id": "b", "result": "lost"}],
        }
    )
    assert set(response) == {"error"}
    assert set(response["error"]) == {"code", "message"}


def test_a_time_limit_of_nothing_is_too_complex() -> None:
    with pytest.raises(RulesError) as caught:
        rules.check_show(Game("indian13", wild="9D"), LOSER13, time_limit=0)
    assert caught.value.code == rules.TOO_COMPLEX
    # `wilds` searches nothing, so it answers however little time is left.
    assert rules.wild_cards(Game("indian13", wild="9D"), time_limit=0).roles["9S"] == "rank"


# -- the values ------------------------------------------------------------------------------
def test_inputs_and_answers_are_frozen() -> None:
    ledger = rules.score_hand(
        Game("indian13", wild="9D"),
        [Player("a", "won"), Player("b", "lost", penalty=12)],
    )
    values: list[Any] = [
        Game("indian13"),
        Player("a"),
        ledger,
        ledger.transfers[0],
        ledger.details["b"],
        rules.check_show(Game("indian13", wild="9D"), LOSER13),
        rules.hand_penalty(Game("indian13", wild="9D"), LOSER13),
        rules.hand_bonus(Game("indian21", wild="7H"), ["7H"]),
        rules.wild_cards(Game("indian13", wild="9D")),
    ]
    for value in values:
        assert dataclasses.is_dataclass(value)
        first = dataclasses.fields(value)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, first, None)


def test_a_ledger_is_typed() -> None:
    ledger = rules.score_hand(
        Game("indian13", wild="9D", options={"scoring": "zero_sum"}),
        [Player("a", "won"), Player("b", "lost", penalty=12), Player("c", "dropped", drop="first")],
    )
    assert ledger.scores == {"a": 22, "b": -12, "c": -10}
    assert ledger.transfers == (
        rules.Transfer("b", "a", 12, "penalty"),
        rules.Transfer("c", "a", 10, "drop"),
    )
    assert ledger.details["b"] == rules.SeatDetail(penalty=12, rule="entered", bonus=0)
    assert ledger.details["c"].rule == "drop"


# -- the last player in ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("results", "expected"),
    [
        (["dropped", "lost", "dropped"], 1),
        (["dropped", "dropped"], None),
        (["lost", "lost", "dropped"], None),
        (["lost"], 0),
    ],
)
def test_the_last_one_in(results: list[str], expected: int | None) -> None:
    assert rules.last_one_in(results) == expected


def test_the_last_one_in_takes_what_counts_as_out() -> None:
    assert rules.last_one_in(["first", "points", "later"], out=("first", "later")) == 1
