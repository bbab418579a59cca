"""`make bench` for the rules engine.

Deals of every variant go through `evaluate` exactly as a line of the command-line door
would (JSON in, JSON out), and the median, 99th percentile and slowest time are printed per
variant, op and kind of deal:

- `dealt`: a hand dealt from a shuffled deck, what a club's table produces;
- `near`: melds dealt from the deck with a card or two swapped, a hand close to a show;
- `wild`: a dealt hand with 3 to 11 cards swapped for wild cards.

Targets (the rules-engine issue): median under 1 ms for a 13-card hand and under 5 ms for a
27-card hand, and no request over 250 ms.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from functools import cache

from scoring.rules import evaluate

from .deals import HAND_SIZES, deal, near_complete_hand, random_hand, wild_heavy_hand

VARIANTS = ("indian13", "indian21", "rummy27", "marriage", "vazhushal")
HANDS_PER_KIND = 300
SCORED_HANDS = 100
HAS_PENALTY = ("indian13", "indian21", "rummy27")


@cache
def _wild_cards(variant: str, wild: str) -> list[str]:
    return list(evaluate({"op": "wilds", "variant": variant, "wild": wild})["wild_cards"])


def _hands(variant: str, rng: random.Random):
    for _ in range(HANDS_PER_KIND):
        yield "dealt", *random_hand(variant, rng)
        yield "near", *near_complete_hand(variant, rng)
        yield "wild", *wild_heavy_hand(variant, rng, lambda w: _wild_cards(variant, w))


def _requests(variant: str, rng: random.Random) -> list[tuple[str, dict]]:
    """(kind of deal, request) for every op that takes one hand."""
    requests = []
    for kind, wild, hand in _hands(variant, rng):
        base = {"variant": variant, "wild": wild, "hand": hand}
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
        request = {"op": "score_hand", "variant": variant, "wild": wild, "players": players}
        requests.append(("dealt", request))
    return requests


def _time(requests: list[tuple[str, dict]]) -> dict[tuple[str, str], list[float]]:
    times: dict[tuple[str, str], list[float]] = {}
    for kind, request in requests:
        line = json.dumps(request)
        start = time.perf_counter()
        answer = json.dumps(evaluate(json.loads(line)))
        elapsed = (time.perf_counter() - start) * 1000
        if '"error"' in answer:
            raise SystemExit(f"a benchmark request failed: {line}\n{answer}")
        times.setdefault((request["op"], kind), []).append(elapsed)
    return times


def main() -> None:
    rng = random.Random(20261122)
    print(
        f"{'variant':<10} {'op':<11} {'deal':<6} {'cards':>5} {'requests':>8} "
        f"{'median ms':>10} {'p99 ms':>8} {'slowest ms':>10}"
    )
    slowest = 0.0
    for variant in VARIANTS:
        times = _time(_requests(variant, rng) + _score_requests(variant, rng))
        for (op, kind), samples in times.items():
            samples.sort()
            p99 = samples[max(0, int(len(samples) * 0.99) - 1)]
            slowest = max(slowest, samples[-1])
            print(
                f"{variant:<10} {op:<11} {kind:<6} {HAND_SIZES[variant]:>5} {len(samples):>8} "
                f"{statistics.median(samples):>10.3f} {p99:>8.2f} {samples[-1]:>10.2f}"
            )
    print(f"slowest request overall: {slowest:.1f} ms (target: under 250 ms)")
