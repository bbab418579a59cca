"""The "Check a show" page when the rules checker is busy: the sentence in place of the
result, never an error page (issue 19)."""

from contextlib import ExitStack

import pytest

from common.slots import slot
from tests.scoring.test_check_show_page import HTMX, SHOW, URL

BUSY = "The rules checker is busy; try again in a moment."


@pytest.fixture
def every_slot_taken(settings, tmp_path):
    """Other checks hold every slot of the public doors, as slow checks running elsewhere."""
    settings.RULES_CONCURRENCY = 2
    settings.SLOTS_DIR = str(tmp_path / "slots")
    with ExitStack() as stack:
        for _ in range(settings.RULES_CONCURRENCY):
            stack.enter_context(slot("rules", settings.RULES_CONCURRENCY))
        yield


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "page"])
def test_a_check_while_the_checker_is_busy_shows_the_busy_sentence(
    client, every_slot_taken, headers
) -> None:
    response = client.post(
        URL, {"variant": "indian13", "wild": "9D", "hand": SHOW}, headers=headers
    )
    assert response.status_code == 200
    assert response["Retry-After"] == "2"
    html = response.content.decode()
    assert BUSY in html
    assert "Valid show" not in html


def test_the_page_checks_again_once_a_slot_is_free(client, settings, tmp_path) -> None:
    settings.SLOTS_DIR = str(tmp_path / "slots")
    response = client.post(URL, {"variant": "indian13", "wild": "9D", "hand": SHOW}, headers=HTMX)
    assert "Valid show" in response.content.decode()
    assert BUSY not in response.content.decode()
