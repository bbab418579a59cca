"""`make bench` for the rules engine: realistic deals of every variant through `evaluate`,
printing the median and slowest time per op and variant (targets: median under 1 ms for a
13-card hand, under 5 ms for a 27-card hand, nothing over 250 ms)."""

from __future__ import annotations

import json
import random
import statistics
import time

from scoring.rules import evaluate

from .deals import HAND_SIZES, deal, near_complete_hand, random_hand, wild_heavy_hand

VARIANTS = ("indian13", "indian21", "rummy27", "marriage", "vazhushal")
DEALS_PER_KIND = 300


def _wild_cards(variant: str, wild: str, cache: dict) -> list[str]:
    if wild not in cache:
        answer = evaluate({"op": "wilds", "variant": variant, "wild": wild})
        cache[wild] = list(answer.get("wild_cards", {}))
    return cache[wild]


def _requests(variant: str, rng: random.Random) -> list[dict]:
    cache: dict[str, list[str]] = {}
    requests = []
    for index in range(DEALS_PER_KIND * 3):
        kind = index % 3
        if kind == 0:
            wild, hand = random_hand(variant, rng)
        elif kind == 1:
            wild, hand = near_complete_hand(variant, rng)
        else:
            wild, hand = random_hand(variant, rng)
            _wild_cards(variant, wild, cache)
            wild, hand = wild_heavy_hand(variant, rng, _WildLookup(variant, cache))
        base = {"variant": variant, "wild": wild}
        requests.append(base | {"op": "show", "hand": hand})
        if variant in ("indian13", "indian21", "rummy27"):
            requests.append(base | {"op": "penalty", "hand": hand})
        requests.append(base | {"op": "bonus", "hand": hand})
    return requests


class _WildLookup(dict):
    """Wild cards per designator, asked of the engine on first use."""

    def __init__(self, variant: str, cache: dict) -> None:
        super().__init__()
        self.variant, self.cache = variant, cache

    def __getitem__(self, wild: str) -> list[str]:
        return _wild_cards(self.variant, wild, self.cache)


def _score_requests(variant: str, rng: random.Random) -> list[dict]:
    """Four seats dealt from one deck; the first seat won, the others lost with cards."""
    size = HAND_SIZES[variant]
    requests = []
    for _ in range(100):
        wild, cards, _ = deal(variant, rng)
        players = []
        for seat in range(4):
            entry: dict = {"id": f"p{seat}", "result": "won" if seat == 0 else "lost"}
            if variant != "vazhushal":
                entry["hand"] = cards[seat * size : (seat + 1) * size]
            players.append(entry)
        requests.append({"op": "score_hand", "variant": variant, "wild": wild, "players": players})
    return requests


def _time(requests: list[dict]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    for request in requests:
        line = json.dumps(request)  # as the command-line door receives it
        start = time.perf_counter()
        answer = evaluate(json.loads(line))
        json.dumps(answer)
        elapsed = (time.perf_counter() - start) * 1000
        if "error" in answer:
            raise SystemExit(f"bench request failed: {line}\n{answer}")
        times.setdefault(request["op"], []).append(elapsed)
    return times


def main() -> None:
    rng = random.Random(20261122)
    print(
        f"{'variant':<10} {'op':<11} {'cards':>5} {'requests':>8} {'median ms':>10} "
        f"{'p99 ms':>8} {'slowest ms':>10}"
    )
    worst = 0.0
    for variant in VARIANTS:
        times = _time(_requests(variant, rng) + _score_requests(variant, rng))
        for op, samples in times.items():
            samples.sort()
            p99 = samples[int(len(samples) * 0.99) - 1]
            worst = max(worst, samples[-1])
            print(
                f"{variant:<10} {op:<11} {HAND_SIZES[variant]:>5} {len(samples):>8} "
                f"{statistics.median(samples):>10.3f} {p99:>8.2f} {samples[-1]:>10.2f}"
            )
    print(f"slowest request overall: {worst:.1f} ms (target: under 250 ms)")
