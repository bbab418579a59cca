"""The engine's `score_hand` ledgers against an independent reference (`reference_ledger`),
under random house options.

Each random table draws legal house options (every value the contract allows, each option
absent now and then so its default is used) and the table's other options, then seats: a
winner (marked, or the last one in when everybody else is out), losers with dealt hands or
typed penalties, packs on the first turn or later, wrong shows, first-turn players and, in
Marriage, seen and unseen players with value cards. The engine (`scoring.rules.evaluate`)
must give the reference's ledger field by field: every score, every transfer (in any
order: the contract fixes none) and every seat's details.

A failure prints the request as JSON so it can be replayed with `evaluate` directly. The
big seeded batches are marked `slow`, like those of test_reference_agreement.py. The first
tests check the reference itself on hand-worked cases (no engine needed).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from tests.rules import reference_ledger as ledger
from tests.rules import reference_solver as ref
from tests.rules.examples import house_examples, local_examples

MAX_REPORTED = 4  # failing requests printed per test
VARIANTS = ("indian13", "indian21", "rummy27", "marriage")


def cards(text: str) -> list[str]:
    return text.split()


def table(variant: str, seats: list[dict], **fields) -> dict:
    return {"op": "score_hand", "variant": variant, "players": seats, **fields}


# ------------------------------------------------------------- the reference on its own


def expected_part_matches(expect: dict, got: dict) -> list[str]:
    """The fields an example expects, as the reference answers them (transfers in any
    order)."""
    wrong = []
    for name, value in expect.items():
        if name == "transfers":
            if not ledger.same_transfers(got["transfers"], value):
                wrong.append(name)
        elif got.get(name) != value:
            wrong.append(name)
    return wrong


def test_reference_agrees_with_the_worked_score_hand_examples() -> None:
    """Every worked `score_hand` example the reference models (the house examples were
    worked by hand for the House rules section)."""
    checked = 0
    for example in [*local_examples(), *house_examples()]:
        request, expect = example.request, example.expect
        if request["op"] != "score_hand" or "error" in expect:
            continue
        if request["variant"] not in VARIANTS:
            continue
        got = ledger.score_hand(request)
        assert not expected_part_matches(expect, got), f"{example.id}: {example.about}"
        checked += 1
    assert checked >= 10


def test_reference_indian13_charges_doubling_and_first_turn_by_hand() -> None:
    request = table(
        "indian13",
        [
            {"id": "asha", "result": "lost", "penalty": 100, "first_turn_pending": True},
            {"id": "bala", "result": "won", "declared": "first_turn_before_draw"},
            {"id": "chitra", "result": "wrong_show"},
            {"id": "dev", "result": "dropped", "drop": "later"},
            {"id": "esha", "result": "dropped", "drop": "first"},
            {"id": "farid", "result": "lost", "penalty": 30},
        ],
        wild="JK",
        options={
            "penalty_cap": 70,
            "double_on_printed_joker": True,
            "scoring": "zero_sum",
            "wrong_show": 55,
            "drop_later": 0,
        },
    )
    got = ledger.score_hand(request)
    # asha: 100 capped to 70, doubled before the draw (140), doubled on the joker (280)
    # chitra: 55 doubled; dev: a charge of 0 is no transfer; esha: the default 10, doubled;
    # farid: 30 doubled
    assert got["scores"] == {
        "asha": -280,
        "bala": 280 + 110 + 20 + 60,
        "chitra": -110,
        "dev": 0,
        "esha": -20,
        "farid": -60,
    }
    assert ledger.same_transfers(
        got["transfers"],
        [
            {"from": "asha", "to": "bala", "points": 280, "reason": "penalty"},
            {"from": "chitra", "to": "bala", "points": 110, "reason": "wrong_show"},
            {"from": "esha", "to": "bala", "points": 20, "reason": "drop"},
            {"from": "farid", "to": "bala", "points": 60, "reason": "penalty"},
        ],
    )
    assert got["details"] == {
        "asha": {"penalty": 280, "rule": "entered", "bonus": 0},
        "bala": {"bonus": 0},
        "chitra": {"wrong_show": 110},
        "dev": {"penalty": 0, "rule": "drop", "bonus": 0},
        "esha": {"penalty": 20, "rule": "drop", "bonus": 0},
        "farid": {"penalty": 60, "rule": "entered", "bonus": 0},
    }
    # winner takes (the default): the same transfers, and only the winner's score moves
    request["options"].pop("scoring")
    assert ledger.score_hand(request)["scores"] == {
        "asha": 0,
        "bala": 470,
        "chitra": 0,
        "dev": 0,
        "esha": 0,
        "farid": 0,
    }


def test_reference_indian13_first_turn_after_the_draw_counts_from_the_cards() -> None:
    # 1 deck (3 players), 9s wild: the pure run and the set of eights are exempt on a first
    # turn after the draw, 55 counts, capped to 50, halved to 25
    hand = cards("3C 4C 5C 8D 8H 8S QD KS AD 2H 6S 10S 7H")
    request = table(
        "indian13",
        [
            {"id": "a", "result": "won"},
            {"id": "b", "result": "lost", "hand": hand, "first_turn_pending": True},
            {"id": "c", "result": "lost", "hand": hand},
        ],
        wild="9D",
        options={"penalty_cap": 50},
    )
    got = ledger.score_hand(request)
    assert got["details"]["b"] == {"penalty": 25, "rule": "first_turn", "bonus": 0}
    # not pending: only the pure run is exempt (no second sequence), 79 capped to 50
    assert got["details"]["c"] == {"penalty": 50, "rule": "pure_exempt", "bonus": 0}
    assert got["scores"] == {"a": 75, "b": 0, "c": 0}


def test_reference_big_hand_bonuses_skip_the_players_out_and_halve_for_first_turn() -> None:
    request = table(
        "indian21",
        [
            {"id": "w", "result": "won", "bonus": 30},
            {"id": "p", "result": "lost", "penalty": 150, "bonus": 15, "first_turn_pending": True},
            {"id": "q", "result": "lost", "penalty": 150, "bonus": 0},
            {"id": "x", "result": "wrong_show", "bonus": 500},
            {"id": "y", "result": "dropped", "drop": "first", "bonus": 500},
        ],
        wild="7H",
        options={"wrong_show": 1000, "drop_later": 5},
    )
    got = ledger.score_hand(request)
    # p: 150 capped 120, halved 60 (at most 60); pays half of w's 30 (15), collects 15 in
    # full from w and q. q: 120. x: 1000; y: the default 30. Neither takes part in bonuses.
    assert got["scores"] == {
        "w": 60 + 120 + 1000 + 30 + 15 + 30 - 15,
        "p": -60 - 15 + 15 + 15,
        "q": -120 - 30 - 15,
        "x": -1000,
        "y": -30,
    }
    assert sum(got["scores"].values()) == 0
    assert got["details"]["p"] == {"penalty": 60, "rule": "entered", "bonus": 15}
    assert got["details"]["w"] == {"bonus": 30}
    assert got["details"]["x"] == {"wrong_show": 1000}
    assert got["details"]["y"] == {"penalty": 30, "rule": "drop", "bonus": 0}
    assert Counter(t["reason"] for t in got["transfers"]) == {
        "penalty": 2,
        "wrong_show": 1,
        "drop": 1,
        "bonus": 4,  # w from p and q, p from w and q
    }


@pytest.mark.parametrize(
    ("maal", "scores", "bonuses"),
    [
        # the win: s pays 1 (seen) + 4 (eight dublees) = 5, u pays 7 (unseen) + 4 = 11
        ("counts", {"w": 5 + 11 + 2 * 6 - 4 - 9, "s": -5 - 6 + 2 * 4 - 9, "u": -11 - 6 - 4 + 2 * 9},
         {"w": 6, "s": 4, "u": 9}),
        ("murder", {"w": 5 + 11 + 2 * 6 - 4, "s": -5 - 6 + 2 * 4, "u": -11 - 6 - 4},
         {"w": 6, "s": 4, "u": 0}),
        ("kidnap", {"w": 5 + 11 + 2 * 15 - 4, "s": -5 - 15 + 2 * 4, "u": -11 - 15 - 4},
         {"w": 15, "s": 4, "u": 0}),
    ],
)  # fmt: skip
def test_reference_marriage_house_rules_by_hand(maal: str, scores: dict, bonuses: dict) -> None:
    # the winner is not marked seen, yet counts as seen: its own bonus is never taken
    request = table(
        "marriage",
        [
            {"id": "w", "result": "won", "bonus": 6, "show": "eight_dublees"},
            {"id": "s", "result": "lost", "seen": True, "bonus": 4},
            {"id": "u", "result": "lost", "seen": False, "bonus": 9},
        ],
        wild="5S",
        options={"seen_points": 1, "unseen_points": 7, "dublee_bonus": 4, "unseen_maal": maal},
    )
    got = ledger.score_hand(request)
    assert got["scores"] == scores
    assert sum(got["scores"].values()) == 0
    assert {who: d["bonus"] for who, d in got["details"].items()} == bonuses
    assert {who: d["seen"] for who, d in got["details"].items()} == {
        "w": False,
        "s": True,
        "u": False,
    }


def test_reference_last_one_in_and_void() -> None:
    seats = [
        {"id": "a", "result": "dropped", "drop": "later"},
        {"id": "b", "result": "lost", "penalty": 40},
        {"id": "c", "result": "wrong_show"},
    ]
    got = ledger.score_hand(table("rummy27", seats, options={"drop_later": 65}))
    assert got["scores"] == {"a": -65, "b": 65 + 120, "c": -120}
    assert got["details"]["b"] == {"bonus": 0}
    void = ledger.score_hand(table("rummy27", seats, void=True))
    assert void == {"scores": {"a": 0, "b": 0, "c": 0}, "transfers": [], "details": {}}


# ------------------------------------------------------------------- random tables

NAMES = (
    "asha bala chitra dev esha farid gita hari indu jay kiran lata mohan nina omar priya ravi sita"
).split()

# Hand styles (reference_solver.hand_maker) for losing hands, weighted so each batch stays
# inside its time: the reference's exhaustive penalty search is slow on 27 dealt cards.
LOSER_STYLES = {
    "indian13": (("deal", "junk", "near", "wild"), (4, 2, 4, 1)),
    "indian21": (("deal", "junk", "near", "wild"), (3, 2, 4, 2)),
    "rummy27": (("deal", "junk", "near", "wild"), (1, 3, 4, 3)),
}
MARRIAGE_STYLES = (("deal", "wild", "tunnelas", "dublees"), (3, 2, 2, 2))


# "Marriage as Nepal plays it" (drawn by reference_solver.nepal_options): the values each
# option must reach in a batch ("other": any other number).
NEPAL_OPTIONS = {
    "wild_ranks": ("default", "all", "alter", None),
    "alter_value": ("default", 0, 1000, None, "other"),
    "man_value": ("default", 0, 1000, None, "other"),
    "jokers": ("default", 0, "other"),
}
NEPAL_MARKS = ("default", "all", "alter", None, 0, 1000)


def charge(rng: random.Random) -> int:
    """A legal charge, the ends of the range included."""
    return rng.choice([0, 1000, rng.randint(0, 1000), rng.randint(1, 150), rng.randint(1, 150)])


def house_options(variant: str, rng: random.Random) -> dict:
    """Random legal house options; each is absent a third of the time (its default)."""
    options: dict = {}
    for name in ledger.HOUSE_OPTIONS[variant]:
        if rng.random() < 1 / 3:
            continue
        options[name] = rng.choice(ledger.MAAL_CHOICES) if name == "unseen_maal" else charge(rng)
    return options


def random_table(variant: str, rng: random.Random) -> dict:
    """A table of `variant`: seat count, wild designator and every option, house ones
    included."""
    base = ref.TABLES[variant](rng)
    options = dict(base.get("options") or {})
    wild = base.get("wild")
    players = base["players"]
    if variant == "indian13":
        if options.get("joker_mode", "standard") in ("standard", "ace_jokers"):
            if rng.random() < 0.25:
                wild = "JK"  # where every transfer may double
        if rng.random() < 0.4:
            options["double_on_printed_joker"] = rng.random() < 0.8
        if rng.random() < 0.6:
            options["scoring"] = rng.choice(["winner_takes", "zero_sum"])
    if variant == "indian21":
        players = rng.randint(2, 6)
    options.update(house_options(variant, rng))
    request = {"op": "score_hand", "variant": variant, "wild": wild}
    if options:
        request["options"] = options
    request["players"] = players
    return request


def penalty_seat(variant: str, rng: random.Random, dealer: ref.Dealer, hand_chance: float) -> dict:
    """What a losing seat of indian13, indian21 or rummy27 gives: cards, or typed points."""
    seat: dict = {}
    size = ref.HAND_SIZES[variant]
    if rng.random() < hand_chance:
        styles, weights = LOSER_STYLES[variant]
        style = rng.choices(styles, weights)[0]
        hand = ref.hand_maker(variant, style)(rng, dealer, size)
        if len(hand) == size:
            seat["hand"] = hand
            return seat
        dealer.give_back(hand)  # the decks ran short: type the points instead
    seat["penalty"] = rng.choice([0, rng.randint(1, 80), rng.randint(40, 400)])
    if variant != "indian13" or rng.random() < 0.1:  # indian13 ignores a typed bonus
        if rng.random() < 0.5:
            seat["bonus"] = rng.choice([0, 10, 30, rng.randint(0, 500)])
    return seat


def winner_cards(variant: str, rng: random.Random, dealer: ref.Dealer, hand_chance: float) -> dict:
    """What a winner gives for its bonus: a hand of any size, a typed bonus, or nothing."""
    roll = rng.random()
    if roll < hand_chance:
        if rng.random() < 0.5:
            return {"hand": dealer.random_cards(rng.randint(0, 8), wild=True)}
        return {"hand": dealer.random_cards(rng.randint(1, ref.HAND_SIZES[variant]))}
    if roll < hand_chance + (1 - hand_chance) / 2:
        return {"bonus": rng.choice([0, 10, 50, rng.randint(0, 600)])}
    return {}


def penalty_game_seats(
    request: dict, rng: random.Random, dealer: ref.Dealer, hand_chance: float
) -> list[dict]:
    variant, count = request["variant"], request["players"]
    ids = rng.sample(NAMES, count)
    how = rng.choices(["marked", "last_in", "void"], [16, 3, 1])[0]
    winner = rng.randrange(count)
    seats = []
    for index, who in enumerate(ids):
        seat: dict = {"id": who}
        if index == winner and how != "void":
            # the last one in is not marked won; its seat is a plain `lost` one
            seat["result"] = "won" if how == "marked" else "lost"
            if variant != "indian13":
                seat.update(winner_cards(variant, rng, dealer, hand_chance))
            else:
                if rng.random() < 0.3:
                    seat["declared"] = rng.choice(
                        ["first_turn_after_draw", "first_turn_before_draw"]
                    )
                if rng.random() < 0.1:
                    seat["bonus"] = rng.randint(0, 100)  # accepted and ignored
                elif rng.random() < hand_chance / 2:
                    seat["hand"] = dealer.random_cards(rng.randint(1, 13))  # no value cards
            if variant != "indian13" and rng.random() < 0.1:
                seat["first_turn_pending"] = True  # pays half the bonuses
        else:
            if how == "last_in":
                result = rng.choice(["dropped", "wrong_show"])
            else:
                result = rng.choices(["lost", "dropped", "wrong_show"], [5, 3, 2])[0]
            seat["result"] = result
            if result == "dropped":
                seat["drop"] = rng.choice(["first", "later"])
            if result in ledger.OUT and rng.random() < 0.15:
                # a player out of the hand takes no part in bonuses, whatever it carries
                seat.update(first_turn_pending=True, bonus=rng.randint(0, 300))
            if result == "lost":
                seat.update(penalty_seat(variant, rng, dealer, hand_chance))
                if rng.random() < 0.25:
                    seat["first_turn_pending"] = True
        seats.append(seat)
    if how == "void":
        request["void"] = True
    return seats


def marriage_seats(
    request: dict, rng: random.Random, dealer: ref.Dealer, hand_chance: float
) -> list[dict]:
    count = request["players"]
    ids = rng.sample(NAMES, count)
    winner = rng.randrange(count)
    seats = []
    for index, who in enumerate(ids):
        seat: dict = {"id": who, "result": "won" if index == winner else "lost"}
        seen = rng.random()
        if index == winner and seen < 0.8:
            seat["seen"] = True  # the winner has always seen; said or not
        elif seen < 0.4:
            seat["seen"] = True
        elif seen < 0.7:
            seat["seen"] = False  # (and a third of the time the flag is missing: false)
        if index == winner and rng.random() < 0.7:
            seat["show"] = rng.choice(["complete", "eight_dublees"])
        roll = rng.random()
        if roll < hand_chance:
            if rng.random() < 0.7:
                styles, weights = MARRIAGE_STYLES
                style = rng.choices(styles, weights)[0]
                hand = ref.hand_maker("marriage", style)(
                    rng, dealer, ref.hand_size("marriage", rng)
                )
            else:
                # a few cards (the value cards alone are enough), or none; the styles'
                # makers expect a hand at least as big as the wild cards they pick
                hand = dealer.random_cards(rng.randint(0, 9), wild=rng.choice([None, True]))
            seat["hand"] = hand
            # "printed jokers alone make no meld": three of them are no initial tunnela
            triples = [
                [card] * 3 for card, n in sorted(Counter(hand).items()) if n >= 3 and card != "JK"
            ]
            if triples and rng.random() < 0.7:
                seat["initial_tunnelas"] = rng.sample(triples, rng.randint(1, len(triples)))
        elif roll < hand_chance + (1 - hand_chance) * 0.7:
            seat["bonus"] = rng.choice([0, 2, 5, 10, rng.randint(0, 60)])
        seats.append(seat)
    if rng.random() < 0.03:
        request["void"] = True
    return seats


def random_requests(variant: str, count: int, seed: int, hand_chance: float) -> list[dict]:
    """`count` seeded random `score_hand` requests of `variant`; `hand_chance` is how often
    a seat gives cards rather than typed points."""
    rng = random.Random(f"house/{variant}/{seed}/{hand_chance}")
    out = []
    for _ in range(count):
        request = random_table(variant, rng)
        ctx = ref.context({**request, "players": request["players"]})
        dealer = ref.Dealer(ctx, rng)
        make = marriage_seats if variant == "marriage" else penalty_game_seats
        request["players"] = make(request, rng, dealer, hand_chance)
        out.append(request)
    return out


# ---------------------------------------------------------------- engine vs reference


def engine():
    rules = pytest.importorskip("scoring.rules")
    return rules.evaluate


def compare(evaluate, request: dict) -> str | None:
    """None when the engine's ledger is the reference's, else what differs and the
    request as JSON."""
    expected = ledger.score_hand(request)
    got = evaluate(copy.deepcopy(request))
    problems = ledger.differences(expected, got)
    if not problems:
        return None
    return "; ".join(problems) + "\n    request: " + json.dumps(request)


def run_batch(requests: list[dict]) -> None:
    evaluate = engine()
    failures = [f for f in (compare(evaluate, r) for r in requests) if f is not None]
    if failures:
        failures.sort(key=len)  # the shortest requests are the easiest to read
        shown = "\n".join(failures[:MAX_REPORTED])
        pytest.fail(f"{len(failures)} of {len(requests)} tables disagree:\n{shown}")


def test_random_tables_cover_the_house_rules() -> None:
    """The generator reaches every case the reference distinguishes (so a batch that
    agrees has compared them all)."""
    seen: Counter = Counter()
    for variant in VARIANTS:
        for request in random_requests(variant, 150, seed=9, hand_chance=0.0):
            options = request.get("options", {})
            for name in ledger.HOUSE_OPTIONS[variant]:
                value = options.get(name, "default")
                seen[variant, name, value if value in (0, 1000, "default") else "other"] += 1
                if name == "unseen_maal":
                    seen[variant, name, value] += 1
            seats = request["players"]
            results = Counter(seat["result"] for seat in seats)
            seen[variant, "void"] += bool(request.get("void"))
            seen[variant, "last_in"] += not request.get("void") and results["won"] == 0
            seen[variant, "wrong_show"] += results["wrong_show"] > 0
            seen[variant, "pending"] += any(s.get("first_turn_pending") for s in seats)
            if variant == "indian13":
                doubles = options.get("double_on_printed_joker") and request["wild"] == "JK"
                seen[variant, "doubled"] += bool(doubles)
                seen[variant, "zero_sum"] += options.get("scoring") == "zero_sum"
            if variant == "marriage":
                for name in NEPAL_OPTIONS:
                    value = options.get(name, "default")
                    seen[variant, name, value if value in NEPAL_MARKS else "other"] += 1
                seen[variant, "unseen"] += any(not s.get("seen") for s in seats)
                seen[variant, "eight_dublees"] += any(
                    s.get("show") == "eight_dublees" for s in seats
                )
    for variant in VARIANTS:
        for name in ledger.HOUSE_OPTIONS[variant]:
            values = (
                ("default", *ledger.MAAL_CHOICES)
                if name == "unseen_maal"
                else ("default", 0, 1000, "other")
            )
            for value in values:
                assert seen[variant, name, value] > 0, (variant, name, value)
        cases = ["void"]
        cases += {
            "indian13": ["last_in", "wrong_show", "pending", "doubled", "zero_sum"],
            "indian21": ["last_in", "wrong_show", "pending"],
            "rummy27": ["last_in", "wrong_show", "pending"],
            "marriage": ["unseen", "eight_dublees"],
        }[variant]
        for case in cases:
            assert seen[variant, case] > 0, (variant, case)
    for name, marks in NEPAL_OPTIONS.items():
        for value in marks:
            assert seen["marriage", name, value] > 0, (name, value)


def test_random_dealt_marriage_hands_hold_the_nepal_maal() -> None:
    """Dealt hands reach the alter and the man where they earn maal, and with murder and
    kidnap."""
    seen: Counter = Counter()
    for request in random_requests("marriage", 400, seed=2, hand_chance=0.7):
        options = request.get("options", {})
        roles = ref.context(request).roles
        rule = options.get("unseen_maal", "counts")
        for seat in request["players"]:
            held = Counter(roles.get(card) for card in seat.get("hand") or [])
            if held["alter"] and options.get("alter_value"):
                seen["alter", rule] += 1
            if held["printed"] and options.get("man_value"):
                seen["man", rule] += 1
    for maal in ("alter", "man"):
        for rule in ledger.MAAL_CHOICES:
            assert seen[maal, rule] > 0, (maal, rule)


@pytest.mark.parametrize("variant", VARIANTS)
def test_engine_agrees_with_reference_on_random_house_tables(variant: str) -> None:
    """A quick batch: mostly typed points, some dealt hands."""
    run_batch(random_requests(variant, 40, seed=1, hand_chance=0.15))


# (variant, count, hand_chance): tuned to well under a minute on one core (about 15 s).
SLOW_BATCHES = [
    ("indian13", 500, 0.0),
    ("indian13", 250, 0.6),
    ("indian21", 500, 0.0),
    ("indian21", 150, 0.6),
    ("rummy27", 500, 0.0),
    ("rummy27", 100, 0.5),
    ("marriage", 500, 0.0),
    ("marriage", 400, 0.7),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "count", "hand_chance"),
    SLOW_BATCHES,
    ids=[f"{v}-{n}-{'dealt' if p else 'typed'}" for v, n, p in SLOW_BATCHES],
)
def test_engine_agrees_with_reference_on_many_house_tables(
    variant: str, count: int, hand_chance: float
) -> None:
    run_batch(random_requests(variant, count, seed=2, hand_chance=hand_chance))
