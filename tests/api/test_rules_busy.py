"""The rules engine cannot stall the site (issue 19): the public doors run at most
RULES_CONCURRENCY engine calls at once; past that they answer busy at once, and a scorer's
hand, which is never limited, is recorded meanwhile."""

import threading

import pytest

from clubs.roles import Role
from scoring.api import rules as rules_api
from tests.api.helpers import anonymous, session_url, typed_hand, with_token
from tests.factories import make_club, make_session, member

pytestmark = pytest.mark.django_db

EVALUATE = "/api/v1/rules/evaluate/"
REQUEST = {"op": "wilds", "variant": "indian13", "wild": "7H"}
BOUND = 2
EXTRA = 3


class SlowEngine:
    """Stands in for the engine's JSON door: the first `hold` calls wait until released (a
    slow check), any later call answers at once and is counted as having got through."""

    def __init__(self, real, hold: int) -> None:
        self.real = real
        self.hold = hold
        self.inside = threading.Semaphore(0)
        self.release = threading.Event()
        self.calls = 0
        self.lock = threading.Lock()

    def __call__(self, body, **kwargs):
        with self.lock:
            self.calls += 1
            held = self.calls <= self.hold
        if held:
            self.inside.release()
            self.release.wait(timeout=10)
        return self.real(body, **kwargs)


@pytest.fixture
def slow_engine(monkeypatch, settings, tmp_path):
    settings.RULES_CONCURRENCY = BOUND
    settings.SLOTS_DIR = str(tmp_path / "slots")
    engine = SlowEngine(rules_api.evaluate_json, hold=BOUND)
    monkeypatch.setattr(rules_api, "evaluate_json", engine)
    yield engine
    engine.release.set()


def test_calls_past_the_bound_are_answered_busy_while_a_hand_is_recorded(slow_engine) -> None:
    club = make_club("Busy Club")
    session = make_session(club, names=("Asha", "Bala", "Chitra"))
    scorer = with_token(member(club, "chitra", Role.SCORER))
    held: list[int] = []

    def slow_check() -> None:
        held.append(anonymous().post(EVALUATE, REQUEST, format="json").status_code)

    threads = [threading.Thread(target=slow_check) for _ in range(BOUND)]
    for thread in threads:
        thread.start()
    for _ in range(BOUND):
        assert slow_engine.inside.acquire(timeout=10), "a slow check never reached the engine"

    busy = [anonymous().post(EVALUATE, REQUEST, format="json") for _ in range(EXTRA)]
    hand = scorer.post(session_url(session, "hands/"), typed_hand(0, {1: 20, 2: 30}), format="json")

    slow_engine.release.set()
    for thread in threads:
        thread.join(timeout=10)
    assert [answer.status_code for answer in busy] == [503] * EXTRA
    for answer in busy:
        assert answer["Retry-After"] == "2"  # the engine's time limit, 2000 ms, rounded up
        assert answer.json() == {
            "error": {
                "code": "busy",
                "message": "The rules checker is busy; try again in a moment.",
            }
        }
    assert slow_engine.calls == BOUND, "a call past the bound reached the engine"
    assert hand.status_code == 201
    assert held == [200] * BOUND


def test_a_slot_is_free_again_once_its_check_is_answered(slow_engine) -> None:
    slow_engine.release.set()
    answers = [anonymous().post(EVALUATE, REQUEST, format="json") for _ in range(BOUND + EXTRA)]
    assert [answer.status_code for answer in answers] == [200] * (BOUND + EXTRA)
