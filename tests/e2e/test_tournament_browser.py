"""A club tournament from registration to the winner, through the screens only.

Twelve players (two members picked from the club's players, ten guests typed in), three
rounds at three tables of four, and a final table of four: the director sets it up in the
form, enters and checks in the players, draws each round (swapping two players once),
starts it, and each table's result is recorded on the table's own scoring screen, one hand
a table. Then the cut, the final table, and the winner on the standings page. Only the club,
its director and the two members are made directly; the rest is tapped and typed in
Chromium at 360x740.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from clubs import services as club_services
from clubs.roles import Role
from tests.factories import join, make_club, make_user
from tournaments.models import Round, RoundKind, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-test-password"  # the factories' password
MEMBERS = ["Asha", "Bala"]
GUESTS = ["Chitra", "Dev", "Esha", "Farid", "Gita", "Hari", "Indu", "Jai", "Kavya", "Lata"]


@pytest.fixture(autouse=True)
def fast_passwords(settings) -> None:
    """Logging in through the page checks a password; hashing it slowly proves nothing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# -- helpers: each one a thing the director or a table's scorer does -----------------------


def club_with_members() -> str:
    """A club run by "director", with two members who already play there."""
    club = make_club("Hill Club", owner=make_user("director"))
    for name in MEMBERS:
        user = make_user(name.lower())
        join(club, user, Role.MEMBER)
        guest = club_services.add_guest(club=club, name=name)
        club_services.link_guest(club=club, guest_id=guest.pk, user=user)
    return club.slug


def log_in(page: Page, base: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form [type=submit]").last.click()
    expect(page).not_to_have_url(base + "/accounts/login/")


def assert_fits_a_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px screen"


def expect_message(page: Page, text: str) -> None:
    expect(page.locator(".messages")).to_contain_text(text)


def set_up(page: Page, base: str, slug: str) -> None:
    page.goto(base + f"/clubs/{slug}/tournaments/")
    page.get_by_role("link", name="New tournament").click()
    page.fill("input[name=name]", "Diwali Cup")
    page.fill("input[name=starts_on]", "2026-11-08")
    page.select_option("select[name=variant]", "indian21")
    page.fill("input[name=min_table_size]", "4")
    page.fill("input[name=max_table_size]", "4")
    page.fill("input[name=rounds]", "3")
    # One hand ends a table: the fewest taps that still play every table for real.
    page.check("input[name=round_ending][value=hands]")
    page.fill("input[name=round_target]", "1")
    page.check("input[name=scoring][value=placing]")
    page.fill("input[name=placing_points]", "5, 3, 2, 1")
    page.fill("input[name=final_table_size]", "4")
    # The final table starts from zero: whoever wins it wins the tournament.
    page.check("input[name=carry][value=reset]")
    page.get_by_role("button", name="Set up the tournament").click()
    expect_message(page, "Diwali Cup is set up: enter the players.")


def enter_players(page: Page) -> None:
    for name in MEMBERS:
        page.select_option("select[name=player]", label=name)
        page.get_by_role("button", name="Enter", exact=True).click()
        expect_message(page, f"{name} is entered.")
    for name in GUESTS:
        page.fill("input[name=guest_name]", name)
        page.get_by_role("button", name="Enter", exact=True).click()
        expect_message(page, f"{name} is entered.")
    expect(page.locator(".entries tbody tr")).to_have_count(12)


def check_everyone_in(page: Page) -> None:
    """One tap a player; their row and the page's counts change (htmx), nothing else."""
    for count, name in enumerate(MEMBERS + GUESTS, start=1):
        page.get_by_role("button", name=f"Check in {name}").tap()
        expect(
            page.get_by_role("button", name=f"{name} is checked in; tap to undo")
        ).to_be_visible()
        expect(page.locator("#entry-counts")).to_have_text(f"12 entered · {count} checked in")
        players = "player" if count == 1 else "players"
        expect(page.locator("#draw-checked-in")).to_have_text(
            f"{count} {players} checked in and drawn into this round."
        )
    page.reload()
    expect(page.locator("#entries")).to_contain_text("12 entered · 12 checked in")


def record_one_hand(page: Page, table_number: int) -> None:
    """The table's scorer: seat 1 wins, seats 2, 3 and 4 lose 10, 20 and 30."""
    round_page = page.url
    page.get_by_role("link", name="Scoring screen").nth(table_number - 1).click()
    expect(page.locator("#record-title")).to_have_text("Record hand 1")
    page.locator("label[for=s0-how-won]").tap()
    for position in (1, 2, 3):
        page.locator(f"input[name=s{position}-points]").fill(str(10 * position))
    page.locator("#hand-form [data-save]").click()
    # The table's one hand ends its session: the screen is drawn again, finished.
    expect(page.locator(".turn-hand")).to_contain_text("Session finished")
    page.goto(round_page)


def play_round(page: Page, name: str, *, screenshot: Path | None = None) -> None:
    """On the round's page: start it, record each table, finish it."""
    page.get_by_role("button", name=f"Start {name}").click()
    expect_message(page, "has started")
    tables = page.locator(".round-table")
    count = tables.count()
    for number in range(1, count + 1):
        record_one_hand(page, number)
        expect(tables.nth(number - 1).locator(".tag", has_text="finished")).to_have_count(1)
        if screenshot and number == 1:
            # One table finished, the others in play: the director's view of a round.
            assert_fits_a_phone(page)
            page.screenshot(path=screenshot, full_page=True)
    page.get_by_role("button", name=f"Finish {name}").click()


# -- The tournament ---------------------------------------------------------------------------


def test_a_twelve_player_tournament_runs_through_the_screens_from_registration_to_the_winner(
    live_server, phone: Page, screenshots: Path, tasks_run_in_process
) -> None:
    slug = club_with_members()
    page = phone
    base = live_server.url
    log_in(page, base)

    set_up(page, base, slug)
    cup = Tournament.objects.get()
    assert (cup.variant, cup.min_table_size, cup.max_table_size) == ("indian21", 4, 4)
    assert (cup.round_ending, cup.round_target, cup.final_table_size) == ("hands", 1, 4)
    assert cup.carry == "reset"

    enter_players(page)
    check_everyone_in(page)
    assert_fits_a_phone(page)
    page.screenshot(path=screenshots / "tournament_00_entries.png", full_page=True)

    for number in (1, 2, 3):
        page.get_by_role("button", name=f"Draw round {number}").click()
        expect_message(page, f"Round {number} is drawn at 3 tables.")
        expect(page.locator(".round-table")).to_have_count(3)
        expect(page.locator(".round-table .tag", has_text="deals first")).to_have_count(3)
        if number == 1:
            first, second = Round.objects.get(number=1).tables.order_by("number")[:2]
            swapped = first.seats[0], second.seats[0]
            names = dict(cup.entries.values_list("player_id", "player__name"))
            page.select_option("select[name=first]", label=names[swapped[0]])
            page.select_option("select[name=second]", label=names[swapped[1]])
            page.get_by_role("button", name="Swap their seats").click()
            expect_message(page, f"{names[swapped[0]]} and {names[swapped[1]]} have changed seats.")
            first.refresh_from_db()
            assert first.seats[0] == swapped[1]
        shot = screenshots / "tournament_01_round_in_play.png" if number == 1 else None
        play_round(page, f"round {number}", screenshot=shot)
        expect_message(page, f"Round {number} is finished.")

    page.get_by_role("button", name="Cut to the final table").click()
    expect_message(page, "The final table is drawn.")
    final = Round.objects.get(kind=RoundKind.FINAL)
    finalists = final.tables.get().seats
    assert len(finalists) == 4
    play_round(page, "the final table")
    expect_message(page, "The final table is finished")

    # The final table's seat 1 won its only hand, and with scores reset that wins it all.
    winner = cup.entries.get(player_id=finalists[0]).player.name
    expect(page.locator("h1")).to_have_text("Diwali Cup: standings")
    expect(page.locator(".winner")).to_have_text(f"{winner} wins Diwali Cup.")
    expect(page.locator(".final-standings tbody tr").first).to_contain_text(winner)
    expect(page.locator(".overall-standings tbody tr")).to_have_count(12)
    expect(page.locator(".updating")).to_have_count(0)
    assert_fits_a_phone(page)
    page.screenshot(path=screenshots / "tournament_02_final_standings.png", full_page=True)
    cup.refresh_from_db()
    assert cup.status == "finished"
