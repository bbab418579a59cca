"""The whole table on their own phones (issue 22): three phones at 360x740, the scorer and
two players who join by the table's code. The scorer records a hand; one player confirms,
the other disputes; the organiser decides it and the session ends. Another hand is
confirmed offline and sent when the phone is back. And a tournament player checks in by
the venue's code."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from clubs.models import Confirmation
from scoring.models import GameSession, HandCheck
from tests.e2e.axe import describe, violations
from tests.e2e.conftest import PHONE
from tests.e2e.pages import log_in, record_typed_hand
from tests.factories import make_club, make_session, owner_of
from tests.tournaments.factories import enter, make_tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def open_phone(browser) -> Page:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(8_000)
    return context.new_page()


def join_as(phone: Page, address: str, name: str) -> None:
    phone.goto(address)
    expect(phone.locator("h1")).to_have_text("Which seat is yours?")
    phone.get_by_role("button", name=name).tap()
    expect(phone.locator(".table-screen")).to_be_visible()
    assert "/p/" in phone.url


def test_three_phones_join_confirm_dispute_decide_and_finish(live_server, browser, screenshots):
    club = make_club("Trust Club")
    owner = owner_of(club)
    owner.username = "scorer"
    owner.save()
    session = make_session(
        club, names=("Asha", "Bala", "Chitra"), confirmation=Confirmation.EVERY, user=owner
    )
    url = live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/"

    scorer = open_phone(browser)
    log_in(scorer, live_server, "scorer")
    scorer.goto(url)
    scorer.locator(".join-box > summary").tap()
    expect(scorer.locator(".join-code svg[role=img]")).to_be_visible()
    address = scorer.locator(".join-address").inner_text().strip()
    assert address.startswith("http") and "/j/" in address
    scorer.screenshot(path=screenshots / "trust_scorer_join.png", full_page=True)

    bala, chitra = open_phone(browser), open_phone(browser)
    join_as(bala, address, "Bala")
    join_as(chitra, address, "Chitra")
    assert not violations(chitra), describe("player view", violations(chitra))

    # Hand 1: Asha won, Bala 20, Chitra 7. Both players are asked, each with their own line.
    record_typed_hand(scorer, rows=1, winner=0, points={1: "20", 2: "7"})
    expect(bala.locator(".answer-hand")).to_contain_text("Hand 1: you", timeout=8_000)
    expect(chitra.locator(".answer-hand")).to_contain_text("Hand 1: you", timeout=8_000)
    bala.screenshot(path=screenshots / "trust_player_asked.png", full_page=True)
    bala.locator(".answer-confirm").tap()
    expect(bala.locator("[data-answers]")).to_be_hidden()
    chitra.locator(".answer-dispute summary").tap()
    chitra.locator(".answer-dispute input[name=reason]").fill("I had 5, not 7")
    chitra.get_by_role("button", name="Send the dispute").tap()
    expect(scorer.locator(".hands-table .tag--disputed")).to_have_count(1, timeout=8_000)
    assert not violations(chitra), describe("player view after a dispute", violations(chitra))

    # A disputed hand keeps the session from ending.
    scorer.goto(url + "finish/")
    scorer.locator(".finish-form__confirm").tap()
    expect(scorer.locator("[role=alert]")).to_contain_text("disputed")

    # Hand 2, confirmed by Bala with no network: it waits on the phone, then is sent.
    scorer.goto(url)
    record_typed_hand(scorer, rows=2, winner=1, points={0: "10", 2: "4"})
    expect(bala.locator(".answer-hand")).to_contain_text("Hand 2: you", timeout=8_000)
    expect(chitra.locator(".answer-hand")).to_contain_text("Hand 2: you", timeout=8_000)
    bala.context.set_offline(True)
    bala.locator(".answer-confirm").first.tap()
    expect(bala.locator("[data-answers-note]")).to_contain_text("waits on this phone")
    chitra.locator(".answer-confirm").first.tap()
    expect(chitra.locator("[data-answers]")).to_be_hidden()
    assert HandCheck.objects.filter(version__hand__number=2).count() == 1  # Chitra's alone
    bala.context.set_offline(False)
    expect(bala.locator("[data-answers-note]")).to_be_hidden(timeout=20_000)
    assert HandCheck.objects.filter(version__hand__number=2).count() == 2
    # Asha has not joined: with every player asked, hand 2 still waits for her alone.
    expect(scorer.locator(".hands-table tbody tr").first.locator(".tag--entered")).to_be_visible()

    # The organiser keeps hand 1 as entered, from the club's disputes page; then it ends.
    scorer.goto(live_server.url + f"/clubs/{club.slug}/disputes/")
    expect(scorer.locator(".dispute")).to_contain_text("I had 5, not 7")
    assert not violations(scorer), describe("disputes page", violations(scorer))
    scorer.screenshot(path=screenshots / "trust_disputes.png", full_page=True)
    scorer.locator(".dispute input[name=reason]").fill("Counted again at the table: 7")
    scorer.get_by_role("button", name="Keep as entered").tap()
    expect(scorer.locator(".message")).to_contain_text("kept as entered")
    scorer.goto(url + "finish/")
    scorer.locator(".finish-form__confirm").tap()
    scorer.wait_for_url("**/summary/")
    expect(scorer.locator(".history-code-value")).to_be_visible()
    session.refresh_from_db()
    assert session.status == "finished" and session.disputed_hands == 0
    assert GameSession.objects.get(pk=session.pk).chain_length == 2 + 2 + 2 + 1
    for phone in (scorer, bala, chitra):
        phone.context.close()


def test_a_tournament_player_checks_in_by_the_venues_code(live_server, browser, screenshots):
    club = make_club("Venue Club")
    owner = owner_of(club)
    owner.username = "director"
    owner.save()
    cup = make_tournament(club)
    enter(cup, ["Asha", "Bala", "Chitra"], check_in=False)

    director = open_phone(browser)
    log_in(director, live_server, "director")
    director.goto(live_server.url + f"/clubs/{club.slug}/tournaments/{cup.slug}/")
    director.locator("#entries .join-box > summary").tap()
    address = director.locator("#entries .join-address").inner_text().strip()

    player = open_phone(browser)
    player.goto(address)
    expect(player.locator("h1")).to_have_text("Find your name to check in")
    assert not violations(player), describe("venue check-in", violations(player))
    player.get_by_role("button", name="Bala").tap()
    expect(player.locator("h1")).to_have_text("Bala, you are checked in")
    player.screenshot(path=screenshots / "trust_venue_checked_in.png", full_page=True)

    # The director's list follows by itself, and one tap undoes it.
    row = director.locator("#entries tr", has_text="Bala")
    expect(row.locator(".tag", has_text="checked in by themselves")).to_be_visible(timeout=15_000)
    row.get_by_role("button", name="Bala is checked in; tap to undo").tap()
    expect(row.get_by_role("button", name="Check in Bala")).to_be_visible()
    for phone in (director, player):
        phone.context.close()
