"""A whole evening at the table on a phone, through the screens only.

Indian Rummy for money: seat four players, record a hand with packs and one with a loser's
cards picked on the grid, undo it, record it again, correct a hand with a reason, read its
history, end the session and read who pays whom. Then 21 card Indian Rummy, with its own
pack charges. Only the club, its players and the scorer are made directly; everything else
is tapped and typed in Chromium at 360x740.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from clubs import services as club_services
from clubs.roles import Role
from scoring.models import GameSession, HandVersion
from tests.factories import join, make_club, make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-test-password"  # the factories' password
MINUS = "\u2212"  # the screens sign negative numbers with a real minus

# With 10C exposed: three pure sequences, and 9C KD AS QC left over (39 points).
LOSER = ["2H", "3H", "4H", "6D", "7D", "8D", "5S", "6S", "7S", "9C", "KD", "AS", "QC"]


@pytest.fixture(autouse=True)
def fast_passwords(settings) -> None:
    """Logging in through the page checks a password; hashing it slowly proves nothing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# -- helpers: each one a thing the scorer does with a thumb -------------------------------------


def club_with_players(name: str, players: list[str]) -> str:
    """A club whose scorer is "scorer", with the players as guests; returns the club's slug."""
    club = make_club(name)
    for player in players:
        club_services.add_guest(club=club, name=player)
    join(club, make_user("scorer"), Role.SCORER)
    return club.slug


def log_in(page: Page, base: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", "scorer")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form [type=submit]").last.click()
    expect(page).not_to_have_url(base + "/accounts/login/")


def assert_fits_a_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px screen"


def seat(page: Page, names: list[str]) -> None:
    """Tap the players' names clockwise round the table."""
    for name in names:
        page.locator(".player-row", has_text=name).tap()
    for number, name in enumerate(names, start=1):
        row = page.locator(".player-row", has_text=name)
        expect(row.locator(".seat-input")).to_have_value(str(number))


def chip(page: Page, position: int, how: str) -> None:
    """Tap a seat's chip: won, points, cards, first (packed first) or later (packed later)."""
    page.locator(f"label[for=s{position}-how-{how}]").tap()
    expect(page.locator(f"#s{position}-how-{how}")).to_be_checked()


def pick_cards(page: Page, position: int, cards: list[str]) -> None:
    # A preview answer arriving during the tap could move the Pick button: wait for it.
    expect(page.locator(".htmx-request")).to_have_count(0)
    page.locator(f"[data-pick=s{position}-cards]").tap()
    picker = page.locator("#card-picker")
    expect(picker).to_be_visible()
    for code in cards:
        picker.locator(f"[data-card='{code}']").tap()
    expect(picker.locator("[data-picker-count]")).to_have_text(f"{len(cards)} cards")


def shown(points: int) -> str:
    return f"\u2212{-points}" if points < 0 else str(points)


def expect_totals(page: Page, totals: list[int]) -> None:
    """The running totals' tiles, in seat order (a real minus sign for a loss)."""
    expect(page.locator(".totals .total-points")).to_have_text([shown(t) for t in totals])


def expect_hand_row_totals(page: Page, totals: list[int]) -> None:
    """The hands table's Total row agrees with the tiles."""
    expect(page.locator(".hands-table tfoot td.num")).to_have_text([shown(t) for t in totals])


def save_hand(page: Page, *, next_hand: int) -> None:
    """Tap Save; the screen comes back ready for the next hand (a reload, not the old page)."""
    page.locator("#hand-form [data-save]").click()
    expect(page.locator("#record-title")).to_have_text(f"Record hand {next_hand}")
    expect(page.locator("[data-saved-note]")).to_contain_text("Hand saved.")


def shot(page: Page, screenshots: Path, name: str) -> None:
    page.screenshot(path=screenshots / f"table_flow_{name}.png", full_page=True)


# -- Indian Rummy, four players, 2 a point --------------------------------------------------------


def test_an_indian_rummy_evening_for_money_from_start_to_settlement(
    live_server, phone: Page, screenshots: Path
) -> None:
    players = ["Asha", "Bala", "Chitra", "Dev"]  # seats 1 to 4: positions 0 to 3
    slug = club_with_players("Tuesday Club", players)
    page = phone
    base = live_server.url
    log_in(page, base)

    # -- Start the session: Indian Rummy, 10 hands, 2 a point, Bala deals first ------------
    page.goto(base + f"/clubs/{slug}/sessions/new/")
    expect(page.locator("select[name=variant]")).to_have_value("indian13")
    seat(page, players)
    expect(page.locator("[data-first-dealer] option[value='2']")).to_have_text("Seat 2 · Bala")
    page.select_option("[data-first-dealer]", "2")
    page.select_option("select[name=ending]", "hands")
    page.fill("input[name=ending_target]", "10")
    page.fill("input[name=stake_per_point]", "2")
    assert_fits_a_phone(page)
    shot(page, screenshots, "01_start_filled")
    page.locator("[data-save]").click()

    # The dealer, large enough to read from across the table.
    dealer = page.locator(".turn-name")
    expect(dealer).to_have_text("Bala")
    # Measured as drawn: the page is not shown before its style sheet is in (it holds up the
    # first paint), but its text can be in the document before, at the browser's own size.
    page.wait_for_load_state("load")
    size = dealer.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 32, f"the dealer's name is only {size}px tall"
    expect(page.locator(".turn-hand")).to_have_text("Hand 1 of 10")
    expect(page.locator(".turn-first")).to_contain_text("Asha plays first")  # counter-clockwise
    expect(page.locator(".crumbs")).to_contain_text("2 a point")
    session = GameSession.objects.get()
    assert [s.player.name for s in session.seats.order_by("position")] == players
    assert (session.ending, session.ending_target, session.stake_per_point) == ("hands", 10, 2)
    assert_fits_a_phone(page)
    shot(page, screenshots, "02_dealer")

    # -- Hand 1: Asha wins, Bala loses 25 typed, Chitra packs first, Dev packs later ---------
    chip(page, 0, "won")
    page.locator("input[name=s1-points]").fill("25")
    chip(page, 2, "first")
    chip(page, 3, "later")
    preview = page.locator("#hand-preview")
    # Indian Rummy's packs: 10 before the first draw, 40 later; winner takes the lot.
    expect(preview.locator(".transfers li")).to_have_text(
        [
            "Bala pays Asha 25 (penalty)",
            "Chitra pays Asha 10 (packed)",
            "Dev pays Asha 40 (packed)",
        ]
    )
    expect(preview.locator(".changes li").first).to_contain_text("Asha +75")
    assert HandVersion.objects.count() == 0  # nothing is stored by looking
    assert_fits_a_phone(page)
    preview.scroll_into_view_if_needed()
    shot(page, screenshots, "03_hand1_preview_with_packs")
    save_hand(page, next_hand=2)
    expect_totals(page, [75, 0, 0, 0])
    expect(dealer).to_have_text("Asha")
    expect(page.locator(".turn-hand")).to_have_text("Hand 2 of 10")
    shot(page, screenshots, "04_hand1_saved")

    # -- Hand 2: Bala wins; Asha's cards picked on the grid (39), Chitra 15, Dev 5 ----------
    def record_hand_two() -> None:
        page.select_option("select[name=wild]", "10C")
        chip(page, 1, "won")
        chip(page, 0, "cards")
        pick_cards(page, 0, LOSER)
        shot(page, screenshots, "05_card_picker")
        page.locator("[data-picker-done]").tap()
        expect(page.locator("#card-picker")).to_be_hidden()
        expect(page.locator("#s0-cards")).to_have_value(" ".join(LOSER))
        page.locator("input[name=s2-points]").fill("15")
        page.locator("input[name=s3-points]").fill("5")
        expect(preview.locator(".transfers li")).to_have_text(
            [
                "Asha pays Bala 39 (penalty)",
                "Chitra pays Bala 15 (penalty)",
                "Dev pays Bala 5 (penalty)",
            ]
        )
        # The penalty counted from the cards, said with how it was counted.
        expect(preview.locator(".details")).to_contain_text("Asha: 39 points")

    record_hand_two()
    preview.scroll_into_view_if_needed()
    shot(page, screenshots, "06_hand2_preview_card_penalty")
    save_hand(page, next_hand=3)
    expect_totals(page, [75, 59, 0, 0])
    expect_hand_row_totals(page, [75, 59, 0, 0])
    expect(dealer).to_have_text("Dev")
    shot(page, screenshots, "07_hand2_saved")

    # -- Undo hand 2, through its confirmation -------------------------------------------------
    page.get_by_role("link", name="Undo last hand").click()
    expect(page.locator("h1")).to_have_text("Undo hand 2?")
    expect(page.locator(".hand-summary tbody td")).to_have_text(["0", "59", "0", "0"])
    assert_fits_a_phone(page)
    shot(page, screenshots, "08_undo_confirm")
    page.get_by_role("button", name="Undo hand 2").click()
    expect(page.locator(".messages")).to_contain_text("The last hand is undone")
    expect_totals(page, [75, 0, 0, 0])
    expect(dealer).to_have_text("Asha")  # Asha deals hand 2 again
    expect(page.locator(".turn-hand")).to_have_text("Hand 2 of 10")
    expect(page.locator(".hands-table tbody tr")).to_have_count(1)
    shot(page, screenshots, "09_after_undo")

    # -- ... and record it again ------------------------------------------------------------
    record_hand_two()
    save_hand(page, next_hand=3)
    expect_totals(page, [75, 59, 0, 0])
    expect(dealer).to_have_text("Dev")

    # -- Correct hand 1: Bala's points were 35, not 25 ----------------------------------------
    page.locator("summary[aria-label='Change hand 1']").tap()
    page.locator(".row-menu").get_by_role("link", name="Edit").tap()
    expect(page.locator("h1")).to_have_text("Edit hand 1")
    # The page's scripts have started (the ledger follows typing only then).
    page.wait_for_load_state()
    expect(page.locator("#s1-how-points")).to_be_checked()
    expect(page.locator("#s2-how-first")).to_be_checked()
    expect(page.locator("#s3-how-later")).to_be_checked()
    points = page.locator("input[name=s1-points]")
    expect(points).to_have_value("25")
    points.fill("35")
    # The ledger follows the new points at once, before any reason is typed.
    expect(preview.locator(".transfers li").first).to_have_text("Bala pays Asha 35 (penalty)")

    # No reason: nothing is saved, and the server says what is missing.
    reason = page.locator("textarea[name=reason]")
    save = page.get_by_role("button", name="Save the correction")
    save.click()
    expect(page.locator("#hand-error-reason")).to_have_text("Say why the hand is being changed.")
    assert HandVersion.objects.filter(hand__number=1).count() == 1
    # ... and a reason of spaces only reaches the server, which says what is missing.
    reason.fill("   ")
    save.click()
    expect(page.locator("#hand-error-reason")).to_have_text("Say why the hand is being changed.")
    expect(page.locator("input[name=s1-points]")).to_have_value("35")  # kept as typed
    assert HandVersion.objects.filter(hand__number=1).count() == 1
    reason.scroll_into_view_if_needed()
    shot(page, screenshots, "10_edit_reason_missing")

    page.locator("textarea[name=reason]").fill("Bala counted 35, not 25")
    shot(page, screenshots, "11_edit_with_reason")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 corrected; the totals follow it.")
    expect_totals(page, [85, 59, 0, 0])
    expect_hand_row_totals(page, [85, 59, 0, 0])
    expect(page.locator(".hands-table .tag--edited")).to_have_count(1)
    shot(page, screenshots, "12_after_edit")

    # -- Hand 1's history: the new version with its reason, the old one kept ---------------
    page.get_by_role("link", name="History of hand 1").tap()
    expect(page.locator("h1")).to_have_text("Hand 1: its history")
    versions = page.locator(".history-version")
    expect(versions).to_have_count(2)
    newest, oldest = versions.nth(0), versions.nth(1)
    expect(newest.locator("h2")).to_have_text("Version 2")
    expect(newest.locator(".history-current")).to_have_text("Current")
    expect(newest.locator(".history-reason")).to_contain_text("Bala counted 35, not 25")
    expect(newest.locator(".history-meta")).to_contain_text("Changed by")
    expect(newest.locator(".history-scores tr", has_text="Asha")).to_contain_text("+85")
    expect(oldest.locator("h2")).to_have_text("Version 1")
    expect(oldest.locator(".history-current")).to_have_count(0)
    expect(oldest.locator(".history-reason")).to_have_count(0)
    expect(oldest.locator(".history-scores tr", has_text="Asha")).to_contain_text("+75")
    expect(oldest.locator(".history-scores tr", has_text="Chitra")).to_contain_text("packed 10")
    # What was entered shows, so the correction itself reads at a glance: 25, then 35.
    expect(oldest.locator(".history-scores tr", has_text="Bala")).to_contain_text("lost 25")
    expect(newest.locator(".history-scores tr", has_text="Bala")).to_contain_text("lost 35")
    assert_fits_a_phone(page)
    shot(page, screenshots, "13_history")
    page.get_by_role("link", name="Back to the session").tap()

    # -- End the session, through its confirmation ------------------------------------------
    page.get_by_role("link", name="Finish session").tap()
    expect(page.locator("h1")).to_have_text("End the session now?")
    expect(page.locator(".finish-facts")).to_contain_text("2 hands played.")
    expect(page.locator(".finish-facts")).to_contain_text("Asha leads with 85 points.")
    assert_fits_a_phone(page)
    shot(page, screenshots, "14_finish_confirm")
    page.get_by_role("button", name="End the session").click()

    # -- The summary: who pays whom ---------------------------------------------------------
    expect(page.locator("h1")).to_have_text("Indian Rummy: final result")
    expect(page.locator(".summary-winner")).to_contain_text(
        "Asha wins with +92 net (85 points won in hands)."
    )
    # Every payment the hands made, seat by seat (winner takes: the totals only count wins):
    #   hand 1 (corrected): Bala -35, Chitra -10 (packed first), Dev -40 (packed later), Asha +85
    #   hand 2: Asha -39 (cards), Chitra -15, Dev -5, Bala +59
    balances = {"Asha": 85 - 39, "Bala": -35 + 59, "Chitra": -10 - 15, "Dev": -40 - 5}
    assert sum(balances.values()) == 0
    money = {name: 2 * points for name, points in balances.items()}  # 2 a point
    assert money == {"Asha": 92, "Bala": 48, "Chitra": -50, "Dev": -90}
    settlement = page.locator(".summary-settlement")
    expect(settlement.locator("h2")).to_have_text("Settlement")
    expect(settlement).to_contain_text("Stake: 2 per point.")
    expect(settlement.locator(".settlement-payment")).to_have_text(
        ["Dev pays Asha 90", "Chitra pays Asha 2", "Chitra pays Bala 48"]
    )
    # The payments settle exactly each player's balance times the stake.
    paid = dict.fromkeys(money, 0)
    for text in settlement.locator(".settlement-payment").all_text_contents():
        payer, rest = " ".join(text.split()).split(" pays ")
        payee, amount = rest.rsplit(" ", 1)
        paid[payer] -= int(amount)
        paid[payee] += int(amount)
    assert paid == money
    nets = settlement.locator(".settlement-nets tr")
    expect(nets.locator("th")).to_have_text(["Asha", "Bala", "Chitra", "Dev"])
    expect(nets.locator("td")).to_have_text(["+92", "+48", f"{MINUS}50", f"{MINUS}90"])
    assert_fits_a_phone(page)
    shot(page, screenshots, "15_summary_settlement")
    session.refresh_from_db()
    assert not session.is_active


# -- 21 card Indian Rummy: packs cost 30 first, 70 later ------------------------------------------


def test_a_21_card_session_records_packs_at_its_own_charges(
    live_server, phone: Page, screenshots: Path
) -> None:
    players = ["Esha", "Farid", "Gita"]  # positions 0 to 2
    slug = club_with_players("Friday Club", players)
    page = phone
    base = live_server.url
    log_in(page, base)

    page.goto(base + f"/clubs/{slug}/sessions/new/")
    page.select_option("select[name=variant]", "indian21")
    # The form is redrawn for the game (htmx): Indian Rummy's joker rules are gone.
    expect(page.locator("select[name=opt_joker_mode]")).to_have_count(0)
    expect(page.locator("input[name=opt_decks]")).to_have_count(1)
    seat(page, players)
    page.select_option("[data-first-dealer]", "1")
    page.fill("input[name=stake_per_point]", "1")
    assert_fits_a_phone(page)
    shot(page, screenshots, "21_start_indian21")
    page.locator("[data-save]").click()

    expect(page.locator(".turn-name")).to_have_text("Esha")
    expect(page.locator(".crumbs")).to_contain_text("21 card Indian Rummy")
    assert GameSession.objects.get().variant == "indian21"

    # Hand 1: Esha wins, Farid loses 40 typed, Gita packs later (70).
    chip(page, 0, "won")
    page.locator("input[name=s1-points]").fill("40")
    chip(page, 2, "later")
    preview = page.locator("#hand-preview")
    expect(preview.locator(".transfers li")).to_have_text(
        ["Farid pays Esha 40 (penalty)", "Gita pays Esha 70 (packed)"]
    )
    # In 21 cards the losers go down by what they pay.
    expect(preview.locator(".changes li")).to_have_text(
        ["Esha +110", f"Farid {MINUS}40", f"Gita {MINUS}70"]
    )
    preview.scroll_into_view_if_needed()
    shot(page, screenshots, "22_indian21_preview_pack_later")
    save_hand(page, next_hand=2)
    expect_totals(page, [110, -40, -70])

    # Hand 2: Farid wins with 10 in value cards, Esha packs first (30), Gita loses 20.
    chip(page, 1, "won")
    page.locator("input[name=s1-bonus]").fill("10")
    chip(page, 0, "first")
    page.locator("input[name=s2-points]").fill("20")
    expect(preview.locator(".transfers li")).to_have_text(
        [
            "Esha pays Farid 30 (packed)",
            "Gita pays Farid 20 (penalty)",
            "Gita pays Farid 10 (value cards)",  # a packed player pays no value cards
        ]
    )
    save_hand(page, next_hand=3)
    expect_totals(page, [80, 20, -100])
    expect_hand_row_totals(page, [80, 20, -100])
    assert_fits_a_phone(page)
    shot(page, screenshots, "23_indian21_saved")
