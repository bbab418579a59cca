"""Hypothesis properties of the rules engine that need no reference answer.

Each property states something the contract implies for EVERY request: the order of the
cards never matters, spelling a card another accepted way never matters, adding or swapping
legal melds keeps a legal show legal, penalties respect their caps and halving, and a
played hand's ledger balances. Hands come from the seeded generators in
`reference_solver` (hypothesis draws the seed, the variant and the style), so every hand
is legal for its decks and a failure shrinks to a small seed that reproduces exactly.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.rules import reference_solver as ref

evaluate = pytest.importorskip("scoring.rules").evaluate


def examples(count: int) -> settings:
    """Hypothesis settings: `count` examples, no deadline (a slow hand is not a failure
    here), nothing written into the repository."""
    return settings(
        max_examples=count,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PENALTY_VARIANTS = ("indian13", "indian21", "rummy27")


def ask(request: dict) -> dict:
    """The engine's answer; an error here is itself a failure (every request is legal)."""
    got = evaluate(copy.deepcopy(request))
    assert "error" not in got, json.dumps(request) + " -> " + json.dumps(got)
    return got


def one_request(variant: str, style: str, op: str, seed: int) -> dict:
    return ref.requests_for(variant, style, op, 1, seed)[0]


def essentials(response: dict) -> dict:
    """The parts of an answer that must not depend on how the request was written (the
    arrangement shown may legitimately differ between equally good ones)."""
    keep = ("valid", "show", "points", "rule", "wild_cards", "scores")
    return {key: response[key] for key in keep if key in response}


# ------------------------------------------------------------------------ card order


@examples(200)
@given(
    variant=st.sampled_from(ref.VARIANTS),
    style=st.sampled_from(["deal", "near", "wild"]),
    op=st.sampled_from(["show", "penalty", "bonus"]),
    seed=SEEDS,
    shuffle_seed=SEEDS,
)
def test_the_order_of_the_cards_never_changes_an_answer(
    variant: str, style: str, op: str, seed: int, shuffle_seed: int
) -> None:
    if op == "penalty" and variant not in PENALTY_VARIANTS:
        op = "show"
    request = one_request(variant, style, op, seed)
    shuffled = copy.deepcopy(request)
    random.Random(shuffle_seed).shuffle(shuffled["hand"])
    assert essentials(ask(shuffled)) == essentials(ask(request)), json.dumps(request)


# ------------------------------------------------------------------ card spellings

RANK_SPELLINGS = {"10": ["10", "T", "t"]}
SUIT_SPELLINGS = {"S": ["S", "s", "♠"], "H": ["H", "h", "♥"], "D": ["D", "d", "♦"],
                  "C": ["C", "c", "♣"]}  # fmt: skip
JOKER_SPELLINGS = ["JK", "jk", "Jk", "JOKER", "joker", "Joker", "🃏"]


def respell(card: str, rng: random.Random) -> str:
    """Another accepted way to write the card: `10h`, `T♥`, `th` for 10H; `joker` for JK."""
    if card == ref.JOKER:
        return rng.choice(JOKER_SPELLINGS)
    rank, suit = card[:-1], card[-1]
    rank = rng.choice(RANK_SPELLINGS.get(rank, [rank, rank.lower()]))
    return rank + rng.choice(SUIT_SPELLINGS[suit])


@examples(200)
@given(
    variant=st.sampled_from(ref.VARIANTS),
    op=st.sampled_from(["show", "penalty", "bonus"]),
    seed=SEEDS,
    spelling_seed=SEEDS,
    as_text=st.sampled_from([None, " ", ",", ", "]),
)
def test_spelling_a_card_another_accepted_way_never_changes_an_answer(
    variant: str, op: str, seed: int, spelling_seed: int, as_text: str | None
) -> None:
    if op == "penalty" and variant not in PENALTY_VARIANTS:
        op = "show"
    request = one_request(variant, "near", op, seed)
    rng = random.Random(spelling_seed)
    respelled = copy.deepcopy(request)
    cards = [respell(card, rng) for card in request["hand"]]
    # a hand may also be one string of cards separated by spaces or commas
    respelled["hand"] = cards if as_text is None else as_text.join(cards)
    if request.get("wild"):
        respelled["wild"] = respell(request["wild"], rng)
    # same cards in the same order: the whole answer, arrangement included, is the same
    assert ask(respelled) == ask(request), json.dumps(respelled, ensure_ascii=False)


# --------------------------------------------------------------- legal melds stay legal


def legal_groups(dealer: ref.Dealer, rng: random.Random, count: int) -> list[list[str]] | None:
    """`count` distinct legal melds for vazhushal, the first a pure run (a show needs one)."""
    groups: list[list[str]] = []
    for index in range(count):
        for _ in range(20):
            if index == 0:
                cards = dealer.run(rng.choice([3, 4, 5]))
            elif rng.random() < 0.5:
                cards = dealer.run(rng.choice([3, 4]), wilds=rng.choice([0, 1, 2]))
            else:
                cards = dealer.group(rng.choice([3, 4]), wilds=rng.choice([0, 1]))
            if cards is None:
                continue
            kind = ref.best_kind(cards, dealer.ctx)
            fresh = sorted(cards) not in [sorted(g) for g in groups]
            if kind in ref.FULL_MELDS and fresh and (index or kind == "pure_sequence"):
                groups.append(cards)
                break
            dealer.give_back(cards)
        else:
            return None
    return groups


@examples(150)
@given(seed=SEEDS, melds=st.integers(min_value=1, max_value=3))
def test_adding_a_legal_meld_to_a_legal_vazhushal_show_keeps_it_legal(
    seed: int, melds: int
) -> None:
    rng = random.Random(seed)
    request = ref.TABLES["vazhushal"](rng)
    dealer = ref.Dealer(ref.context(request), rng)
    groups = legal_groups(dealer, rng, melds + 1)
    assume(groups is not None)
    assert groups is not None
    base, extra = groups[:-1], groups[-1]
    assert ref.vazhushal_ok(base, dealer.ctx) and ref.vazhushal_ok(groups, dealer.ctx)
    hand = [card for group in base for card in group]
    rng.shuffle(hand)
    before = ask({**request, "op": "show", "hand": hand})
    assert before["valid"], json.dumps({**request, "op": "show", "hand": hand})
    bigger = hand + extra
    rng.shuffle(bigger)
    after = ask({**request, "op": "show", "hand": bigger})
    assert after["valid"] and after["show"] == "out", json.dumps({**request, "hand": bigger})


def requirement_met(variant: str, groups: list[list[str]], ctx: ref.Ctx) -> bool:
    """Does this full arrangement make the variant's main show (every card in melds)?"""
    kinds = Counter(ref.best_kind(group, ctx) for group in groups)
    if any(kind not in ref.FULL_MELDS for kind in kinds):
        return False
    pure, tunnelas = kinds["pure_sequence"], kinds["tunnela"]
    sequences = pure + kinds["sequence"]
    if variant == "indian13":
        return ref.indian13_requirement((pure, sequences, tunnelas, 0), ctx)
    if variant == "indian21":
        return pure >= 3
    if variant == "rummy27":
        return tunnelas >= 3
    return all(len(group) == 3 for group in groups) and pure + tunnelas >= 3  # marriage


MELD_SIZES = {
    "indian13": [3, 3, 3, 4],
    "indian21": [3, 3, 3, 4, 4, 4],
    "rummy27": [3, 3, 3, 3, 3, 4, 4, 4],
    "marriage": [3] * 7,
}


def random_meld(dealer: ref.Dealer, rng: random.Random, size: int, pure: bool) -> list | None:
    if pure:
        return dealer.run(size)
    makers = [
        lambda: dealer.run(size, wilds=rng.choice([0, 1, 2])),
        lambda: dealer.group(size, wilds=rng.choice([0, 1])),
    ]
    if size == 3 and dealer.ctx.tunnela_allowed:
        makers.append(lambda: dealer.copies(3))
    return rng.choice(makers)()


def valid_arrangement(variant: str, seed: int) -> tuple[dict, list[list[str]], ref.Dealer]:
    """A table and a full arrangement of melds that makes the variant's main show (an empty
    arrangement when the dealer could not build one)."""
    rng = random.Random(seed)
    request = ref.TABLES[variant](rng)
    if variant == "indian13":
        request["players"] = rng.choice([4, 7])  # 2 or 3 decks
    dealer = ref.Dealer(ref.context(request), rng)
    sizes = list(MELD_SIZES[variant])
    rng.shuffle(sizes)
    if variant == "rummy27":
        sizes.sort()  # the three tunnelas first
    for _ in range(30):
        groups = []
        for index, size in enumerate(sizes):
            # what the show needs first: tunnelas in rummy27, pure runs elsewhere (and a
            # second run in indian13), then anything
            if variant == "rummy27" and index < 3:
                cards = dealer.copies(3)
            elif index < (1 if variant == "indian13" else 3):
                cards = dealer.run(size)
            elif variant == "indian13" and index == 1:
                cards = dealer.run(size, wilds=rng.choice([0, 1, 2]))
            else:
                cards = random_meld(dealer, rng, size, pure=False)
            if cards is None or ref.best_kind(cards, dealer.ctx) not in ref.FULL_MELDS:
                if cards:
                    dealer.give_back(cards)
                break
            groups.append(cards)
        if len(groups) == len(sizes) and requirement_met(variant, groups, dealer.ctx):
            return request, groups, dealer
        for group in groups:
            dealer.give_back(group)
    return request, [], dealer


@examples(120)
@given(
    variant=st.sampled_from(["indian13", "indian21", "rummy27", "marriage"]),
    seed=SEEDS,
    swap_seed=SEEDS,
)
def test_swapping_a_meld_for_another_of_the_same_size_keeps_a_show_valid(
    variant: str, seed: int, swap_seed: int
) -> None:
    request, groups, dealer = valid_arrangement(variant, seed)
    assume(groups)
    hand = [card for group in groups for card in group]
    show = {**request, "op": "show", "hand": hand}
    assert ask(show)["valid"], json.dumps(show)

    rng = random.Random(swap_seed)
    index = rng.randrange(len(groups))
    old = groups[index]
    dealer.give_back(old)
    for _ in range(30):
        new = random_meld(dealer, rng, len(old), pure=rng.random() < 0.3)
        if new is None:
            continue
        swapped = groups[:index] + [new] + groups[index + 1 :]
        if ref.best_kind(new, dealer.ctx) in ref.FULL_MELDS and requirement_met(
            variant, swapped, dealer.ctx
        ):
            break
        dealer.give_back(new)
    else:
        assume(False)
    hand = [card for group in swapped for card in group]
    rng.shuffle(hand)
    show = {**request, "op": "show", "hand": hand}
    assert ask(show)["valid"], json.dumps(show)


# ------------------------------------------------------------------------- penalties


@examples(150)
@given(
    variant=st.sampled_from(PENALTY_VARIANTS),
    style=st.sampled_from(["deal", "near", "wild", "junk"]),
    seed=SEEDS,
)
def test_a_penalty_respects_card_values_caps_and_first_turn_halving(
    variant: str, style: str, seed: int
) -> None:
    request = one_request(variant, style, "penalty", seed)
    request.pop("first_turn_pending", None)
    ctx = ref.context(request)
    total = sum(ctx.value(card) for card in request["hand"])
    normal = ask(request)
    pending = ask({**request, "first_turn_pending": True})
    points = normal["points"]
    if normal["rule"] == "two_points":
        assert points == 2
    else:
        assert 0 <= points <= total, json.dumps(request)
    if variant == "indian13":
        cap = ctx.options.get("penalty_cap")
        if cap is not None:
            assert points <= cap and pending["points"] <= cap
        # every meldable card exempt, then halved: never more than half the normal penalty
        assert pending["rule"] == "first_turn"
        assert pending["points"] <= ref.half_up(points), json.dumps(request)
    else:
        assert points <= 120
        # halved rounding half up, then capped at 60; the rule name is kept
        assert pending["points"] == min(ref.half_up(points), 60), json.dumps(request)
        assert pending["rule"] == normal["rule"]


# ---------------------------------------------------------------------- one played hand


def seat_hands(variant: str, request: dict, rng: random.Random, seats: int) -> list[list]:
    """Hands for every seat from ONE dealer, so the table as a whole is a legal deal."""
    dealer = ref.Dealer(ref.context(request), rng)
    size = ref.HAND_SIZES.get(variant, 13)
    hands = []
    for _ in range(seats):
        if variant == "marriage":
            hands.append(dealer.random_cards(rng.randint(3, 21)))
        elif rng.random() < 0.5:
            hands.append(dealer.compose(ref.meld_makers(variant, rng, size), size, 1))
        else:
            hands.append(dealer.random_cards(size))
    return hands


@examples(150)
@given(
    variant=st.sampled_from(["indian13", "indian21", "rummy27", "marriage"]),
    seed=SEEDS,
    seats=st.integers(min_value=2, max_value=5),
)
def test_a_played_hand_is_zero_sum(variant: str, seed: int, seats: int) -> None:
    rng = random.Random(seed)
    table = ref.TABLES[variant](rng)
    request: dict = {"op": "score_hand", "variant": variant, "wild": table["wild"]}
    options = dict(table.get("options") or {})
    if variant == "indian13":
        options["scoring"] = "zero_sum"
        if rng.random() < 0.3:
            options["double_on_printed_joker"] = True
    if options:
        request["options"] = options
    table["players"] = seats  # the deal (decks) follows the number of seats
    hands = seat_hands(variant, table, rng, seats)
    winner = rng.randrange(seats)
    players = []
    for seat, hand in enumerate(hands):
        player: dict = {"id": f"p{seat}"}
        if seat == winner:
            player["result"] = "won"
            if rng.random() < 0.5:
                player["hand"] = hand
        elif variant != "marriage" and rng.random() < 0.2:
            player["result"] = "dropped"
            player["drop"] = rng.choice(["first", "later"])
        else:
            player["result"] = "lost"
            if variant == "marriage" or rng.random() < 0.8:
                player["hand"] = hand
            else:
                player["penalty"] = rng.randint(0, 150)
            if variant != "marriage" and rng.random() < 0.2:
                player["first_turn_pending"] = True
        if variant == "marriage":
            player["seen"] = rng.random() < 0.5
        players.append(player)
    if variant == "indian13" and any(p.get("first_turn_pending") for p in players):
        if rng.random() < 0.5:
            players[winner]["declared"] = "first_turn_before_draw"
    if variant == "marriage" and rng.random() < 0.3:
        players[winner]["show"] = "eight_dublees"
    request["players"] = players

    got = ask(request)
    scores = got["scores"]
    assert set(scores) == {p["id"] for p in players}
    assert sum(scores.values()) == 0, json.dumps(request)
    # and the ledger is its transfers: each score is what came in minus what went out
    flow = Counter()
    for transfer in got.get("transfers", []):
        assert transfer["points"] > 0, "transfers of 0 points are left out"
        flow[transfer["to"]] += transfer["points"]
        flow[transfer["from"]] -= transfer["points"]
    assert {pid: flow[pid] for pid in scores} == scores, json.dumps(request)
