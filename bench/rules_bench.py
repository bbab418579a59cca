"""`make bench` for the rules engine.

Deals of every variant go through `evaluate` exactly as a line of the command-line door
would (JSON in, JSON out), and the median, 99th percentile and slowest time are printed per
variant, op and kind of deal:

- `dealt`: a hand dealt from a shuffled deck, what a club's table produces;
- `near`: melds dealt from the deck with a card or two swapped, a hand close to a show;
- `wild`: a dealt hand with 3 to 11 cards swapped for wild cards;
- `worst`: the hardest requests we could construct for the variant (`deals.WORST`): many
  copies of a card, many wild cards, a full table of such hands.

After each variant its slowest request is named, dealt and constructed apart.

Targets (the rules-engine issues): median under 1 ms for a 13-card hand and under 5 ms for
a 27-card hand; no dealt request over 50 ms; no request at all, constructed ones included,
over 1 s.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from functools import cache

from scoring.rules import evaluate

from .deals import (
    HAND_SIZES,
    RANKS,
    SUITS,
    WORST,
    deal,
    near_complete_hand,
    random_hand,
    wild_heavy_hand,
)

VARIANTS = ("indian13", "indian21", "rummy27", "marriage", "vazhushal")
# Each table the bench times: its game and options. "nepal" is Marriage as Nepal plays it, the
# alter and the man earning maal and 3 printed jokers dealt (deals.py deals them).
NEPAL: dict[str, object] = {"alter_value": 5, "man_value": 5, "jokers": 3}
TABLES: dict[str, tuple[str, dict[str, object]]] = {variant: (variant, {}) for variant in VARIANTS}
TABLES["nepal"] = ("marriage", NEPAL)
HANDS_PER_KIND = 300
SCORED_HANDS = 100
HAS_PENALTY = ("indian13", "indian21", "rummy27")


@cache
def _wild_cards(table: str, wild: str) -> list[str]:
    return list(evaluate(_asked(table, {"op": "wilds", "wild": wild}))["wild_cards"])


def _asked(table: str, request: dict) -> dict:
    """`request` at `table`: its game, and its options where it has any."""
    variant, options = TABLES[table]
    return {"variant": variant, **request} | ({"options": options} if options else {})


def _hands(variant: str, rng: random.Random):
    for _ in range(HANDS_PER_KIND):
        yield "dealt", *random_hand(variant, rng)
        yield "near", *near_complete_hand(variant, rng)
        yield "wild", *wild_heavy_hand(variant, rng, lambda w: _wild_cards(variant, w))


def _requests(variant: str, rng: random.Random) -> list[tuple[str, dict]]:
    """(kind of deal, request) for every op that takes one hand."""
    requests = []
    for kind, wild, hand in _hands(variant, rng):
        base = _asked(variant, {"wild": wild, "hand": hand})
        requests.append((kind, base | {"op": "show"}))
        if variant in HAS_PENALTY:
            requests.append((kind, base | {"op": "penalty"}))
        requests.append((kind, base | {"op": "bonus"}))
    return requests


def _score_requests(variant: str, rng: random.Random) -> list[tuple[str, dict]]:
    """Four seats dealt from one deck: the first won, the others lost with their cards."""
    size = HAND_SIZES[variant]
    requests = []
    for _ in range(SCORED_HANDS):
        wild, cards = deal(variant, rng)
        players = []
        for seat in range(4):
            entry: dict = {"id": f"p{seat}", "result": "won" if seat == 0 else "lost"}
            if variant != "vazhushal":
                entry["hand"] = cards[seat * size : (seat + 1) * size]
            players.append(entry)
        request = _asked(variant, {"op": "score_hand", "wild": wild, "players": players})
        requests.append(("dealt", request))
    return requests


def _worst_requests(variant: str) -> list[tuple[str, dict]]:
    return [("worst", request) for request in WORST.get(variant, [])]


def _cards(request: dict) -> int:
    """The most cards one hand of the request holds."""
    hands = [request.get("hand") or []]
    seats = request.get("players")
    if isinstance(seats, list):  # score_hand; elsewhere `players` is a number
        hands += [seat.get("hand") or [] for seat in seats]
    return max(len(hand) for hand in hands)


class _Row:
    """The times of one variant, op and kind of deal."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self.cards = 0

    def add(self, elapsed: float, cards: int) -> None:
        self.samples.append(elapsed)
        self.cards = max(self.cards, cards)


def _time(requests: list[tuple[str, dict]]) -> dict[tuple[str, str], _Row]:
    rows: dict[tuple[str, str], _Row] = {}
    for kind, request in requests:
        line = json.dumps(request)
        start = time.perf_counter()
        answer = json.dumps(evaluate(json.loads(line)))
        elapsed = (time.perf_counter() - start) * 1000
        if '"error"' in answer:
            raise SystemExit(f"a benchmark request failed: {line}\n{answer}")
        rows.setdefault((request["op"], kind), _Row()).add(elapsed, _cards(request))
    return rows


def _slowest(rows: dict[tuple[str, str], _Row], worst: bool) -> tuple[float, str]:
    """The slowest request among the constructed rows (`worst`) or the dealt ones."""
    found = (0.0, "none")
    for (op, kind), row in rows.items():
        if (kind == "worst") == worst and row.samples and max(row.samples) > found[0]:
            found = (max(row.samples), f"{op} {kind}")
    return found


def main() -> None:
    rng = random.Random(20261122)
    print(
        f"{'variant':<10} {'op':<11} {'deal':<6} {'cards':>5} {'requests':>8} "
        f"{'median ms':>10} {'p99 ms':>8} {'slowest ms':>10}"
    )
    dealt_slowest = worst_slowest = 0.0
    for variant in TABLES:
        # The constructed requests come last, so that the dealt ones are timed as before.
        requests = _requests(variant, rng) + _score_requests(variant, rng)
        rows = _time(requests + _worst_requests(variant))
        for (op, kind), row in rows.items():
            samples = sorted(row.samples)
            p99 = samples[max(0, int(len(samples) * 0.99) - 1)]
            print(
                f"{variant:<10} {op:<11} {kind:<6} {row.cards:>5} {len(samples):>8} "
                f"{statistics.median(samples):>10.3f} {p99:>8.2f} {samples[-1]:>10.2f}"
            )
        dealt, dealt_row = _slowest(rows, worst=False)
        worst, worst_row = _slowest(rows, worst=True)
        print(
            f"{variant:<10} slowest request: {dealt:.2f} ms dealt ({dealt_row}), "
            f"{worst:.2f} ms constructed ({worst_row})"
        )
        dealt_slowest = max(dealt_slowest, dealt)
        worst_slowest = max(worst_slowest, worst)
    print(
        f"slowest request overall: {dealt_slowest:.1f} ms dealt (target: under 50 ms), "
        f"{worst_slowest:.1f} ms constructed (target: under 1000 ms)"
    )


def hunt(variant: str, op: str, seconds: float = 60.0, seed: int = 1) -> tuple[float, dict]:
    """Climb towards a slow request: how `deals.WORST` was found.

    Start from a hand of few ranks and suits with copies and wild cards, change a card or
    three at a time, keep the change when the request got slower, and restart now and then;
    return the slowest time (ms) and request seen. Run it by hand, for instance
    `python -c "from bench.rules_bench import hunt; print(hunt('rummy27', 'penalty'))"`.
    """
    rng = random.Random(seed)
    best: tuple[float, dict] = (0.0, {})
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        wild, _ = deal(variant, rng)
        wilds = _wild_cards(variant, wild)
        hand = _clustered_hand(variant, rng, wilds)
        elapsed = _request_time(variant, op, wild, hand)
        for _ in range(30):
            changed = _changed(hand, rng, wilds)
            slower = _request_time(variant, op, wild, changed)
            if slower > elapsed:
                hand, elapsed = changed, slower
        if elapsed > best[0]:
            best = (elapsed, _asked(variant, {"op": op, "wild": wild, "hand": hand}))
    return best


def _clustered_hand(variant: str, rng: random.Random, wilds: list[str]) -> list[str]:
    """A hand drawn from a few neighbouring ranks of one to four suits, and wild cards."""
    ranks = RANKS[rng.randrange(10) :][: rng.randint(3, 9)]
    pool = [rank + suit for suit in rng.sample(SUITS, rng.randint(1, 4)) for rank in ranks]
    size = HAND_SIZES[variant] if variant != "vazhushal" else 27
    hand = [rng.choice(wilds) for _ in range(rng.randint(0, size // 3))] if wilds else []
    return hand + [rng.choice(pool) for _ in range(size - len(hand))]


def _changed(hand: list[str], rng: random.Random, wilds: list[str]) -> list[str]:
    changed = list(hand)
    for _ in range(rng.randint(1, 3)):
        index = rng.randrange(len(changed))
        card = rng.choice(changed)
        if wilds and rng.random() < 0.25:
            changed[index] = rng.choice(wilds)
        elif card != "JK":
            rank = RANKS[(RANKS.index(card[:-1]) + rng.choice((-2, -1, 1, 2))) % 13]
            changed[index] = rank + (card[-1] if rng.random() < 0.7 else rng.choice(SUITS))
    return changed


def _request_time(variant: str, op: str, wild: str, hand: list[str]) -> float:
    """Milliseconds to answer, 0 for a hand the decks cannot hold."""
    request = _asked(variant, {"op": op, "wild": wild, "hand": hand})
    start = time.perf_counter()
    answer = evaluate(request, time_limit=5)
    elapsed = (time.perf_counter() - start) * 1000
    return 0.0 if "error" in answer and answer["error"]["code"] != "too_complex" else elapsed
