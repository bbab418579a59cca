"""The four-colour deck: a person's choice, remembered like their language, and carried by
the page itself as a class on <html> that colours every card."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from appearance.models import CardColours
from tests.factories import make_club, make_session, make_user

pytestmark = pytest.mark.django_db


def _html_tag(client: Client, url: str) -> str:
    page = client.get(url).content.decode()
    return page[page.index("<html") : page.index(">", page.index("<html")) + 1]


def _choose(client: Client, four: bool, back: str = "/") -> None:
    answer = client.post(
        reverse("choose-card-colours"), {"four_colour": "1" if four else "0", "next": back}
    )
    assert answer.status_code == 302 and answer["Location"] == back


def test_a_visitors_choice_puts_the_class_on_every_page_of_that_phone() -> None:
    visitor = Client()
    check = reverse("rules-check")
    assert "four-colour" not in _html_tag(visitor, check)
    _choose(visitor, True, back=check)
    assert 'class="four-colour"' in _html_tag(visitor, check)
    assert 'class="four-colour"' in _html_tag(visitor, "/")
    _choose(visitor, False)
    assert "four-colour" not in _html_tag(visitor, check)


def test_a_signed_in_persons_choice_is_stored_and_comes_back_at_the_next_log_in() -> None:
    asha = make_user("asha")
    phone = Client()
    phone.force_login(asha)
    _choose(phone, True)
    assert CardColours.objects.get(user__username="asha").four_colour is True

    other_phone = Client()  # no cookie of this phone's
    assert "four-colour" not in _html_tag(other_phone, "/")
    other_phone.force_login(asha)  # a log-in sends user_logged_in
    assert 'class="four-colour"' in _html_tag(other_phone, reverse("rules-check"))

    _choose(other_phone, False)
    third = Client()
    third.cookies["four_colour"] = "1"  # this phone's own old choice yields to the person's
    third.force_login(asha)
    assert "four-colour" not in _html_tag(third, "/")


def test_every_card_on_the_check_a_show_grid_and_the_picker_carries_its_suit() -> None:
    page = Client().get(reverse("rules-check")).content.decode()
    for suit in "SHDC":
        assert f'class="card-btn suit-{suit}"' in page
        assert f'class="suit-label suit-{suit}"' in page

    club = make_club("Tuesday Club")
    session = make_session(club)
    owner = club.memberships.first().user
    scorer = Client()
    scorer.force_login(owner)
    url = reverse("session-detail", kwargs={"slug": club.slug, "session_id": session.pk})
    screen = scorer.get(url).content.decode()
    for suit in "SHDC":
        assert f'class="grid-card suit-{suit}"' in screen


def test_the_toggle_says_whether_the_deck_is_four_coloured() -> None:
    visitor = Client()
    assert 'aria-pressed="false"' in visitor.get("/").content.decode()
    _choose(visitor, True)
    assert 'aria-pressed="true"' in visitor.get("/").content.decode()


def test_a_link_elsewhere_as_next_goes_home_instead() -> None:
    answer = Client().post(
        reverse("choose-card-colours"), {"four_colour": "1", "next": "https://elsewhere.test/"}
    )
    assert answer["Location"] == "/"
