"""Hands reported to stall a server, answered right and well inside a web door's limit.

Each request runs as a web door runs it, with a time limit (5 s, more than the doors' 2 s,
so a slow machine does not fail the test): a search that cannot finish in time answers
`too_complex`, which fails here. The answer must agree with the reference solver.
"""

from __future__ import annotations

import pytest

from tests.rules.test_reference_agreement import compare

LIMIT_SECONDS = 5.0

REPORTED = [
    pytest.param(
        {
            "op": "show",
            "variant": "vazhushal",
            "wild": "8C",
            "hand": (
                "JK 8H 8H 8S 8C 8C JK JK 8D 8S 8D JK 10D 3C 6S JS 7S 3D 4S 6H JH 5S 7H "
                "JD 10S QS 10H"
            ).split(),
        },
        id="vazhushal-27-cards-heavy-with-wild-cards-took-minutes",
    ),
]


@pytest.mark.parametrize("request_", REPORTED)
def test_a_reported_worst_hand_is_answered_within_a_web_doors_limit(request_: dict) -> None:
    from scoring.rules import evaluate

    def limited(request: dict) -> dict:
        return evaluate(request, time_limit=LIMIT_SECONDS)

    assert compare(limited, request_) is None
