"""The evening's numbers in plain sight: each loser's penalty or pack in the hand list and
the CSV, a word wherever the rules changed a number, and a winner-takes summary whose
winner is the one the money says.

Expected numbers are worked out by hand from docs/rules.md ("What a losing hand pays",
"One played hand: who pays whom")."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from scoring.display import sessions as display
from scoring.display.summary import hand_versions, session_summary
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.selectors import hand_read, session_board
from scoring.services import hands
from tests.factories import make_club, make_session, owner_of, record, typed_entry

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


@pytest.fixture
def club():
    return make_club("Hill Club")


def rows_of(club, game):
    return display.table_rows(session_board(game), slug=club.slug)


def test_a_typed_count_over_the_cap_is_paid_at_the_cap_and_says_so(club) -> None:
    game = make_session(club, options={"penalty_cap": 120})
    record(game, typed_entry(0, {1: 130, 2: 30}, wild="7H"))

    (row,) = rows_of(club, game)
    asha, bala, chitra = row.cells
    # Winner takes (the house default): Asha +150, losers' scores stay 0, their penalties show.
    assert asha.shown == "150" and asha.won and asha.paid is None
    assert bala.paid.penalty == 120 and bala.penalty_shown == f"{MINUS}120"
    assert bala.paid.marks == ("cap",)
    assert chitra.paid.penalty == 30 and chitra.paid.notes == ()
    assert row.notes == ("Bala: typed 130, capped at 120",)


def test_a_player_without_a_turn_pays_half_and_the_screen_says_why(club) -> None:
    game = make_session(club)
    entry = HandEntry(
        seats=(
            SeatEntry(0, "won"),
            SeatEntry(1, "lost", penalty=30, first_turn_pending=True),
            SeatEntry(2, "lost", penalty=31, first_turn_pending=True),
        ),
        wild="7H",
    )
    record(game, entry)

    (row,) = rows_of(club, game)
    # Halved, rounding half up: 30 -> 15, 31 -> 16.
    assert [cell.paid.penalty for cell in row.cells[1:]] == [15, 16]
    assert row.notes == (
        "Bala: typed 30, halved: no turn yet",
        "Chitra: typed 31, halved: no turn yet",
    )
    assert row.cells[0].points == 31


def test_a_printed_joker_doubles_penalties_and_packs_with_a_note(club) -> None:
    game = make_session(club, names=("Asha", "Bala", "Chitra", "Dev"))
    game.options = {"double_on_printed_joker": True}
    game.save()
    record(game, typed_entry(0, {1: 20}, drops={2: "first", 3: "later"}, wild="JK"))

    (row,) = rows_of(club, game)
    _, bala, chitra, dev = row.cells
    # 20 doubled, a first-turn pack 10 doubled, a later pack 40 doubled.
    assert (bala.paid.penalty, chitra.paid.penalty, dev.paid.penalty) == (40, 20, 80)
    assert (chitra.paid.pack, dev.paid.pack) == ("pack", "middle pack")
    assert row.notes == (
        "Bala: typed 20, doubled: printed joker",
        "Chitra: doubled: printed joker",
        "Dev: doubled: printed joker",
    )
    assert row.cells[0].points == 140


def test_packs_are_marked_and_a_plain_hand_has_no_notes(club) -> None:
    game = make_session(club, names=("Asha", "Bala", "Chitra", "Dev"))
    record(game, typed_entry(1, {0: 25}, drops={2: "first", 3: "later"}, wild="7H"))

    (row,) = rows_of(club, game)
    asha, _, chitra, dev = row.cells
    assert (asha.paid.penalty, asha.paid.pack) == (25, "")
    assert (chitra.paid.penalty, chitra.paid.pack) == (10, "pack")
    assert (dev.paid.penalty, dev.paid.pack) == (40, "middle pack")
    assert row.notes == ()
    assert [cell.dealt for cell in row.cells] == [True, False, False, False]


def test_21_card_rummy_caps_at_120_from_the_engine(club) -> None:
    game = make_session(club, variant="indian21")
    record(game, typed_entry(0, {1: 150, 2: 90}, wild="7H"))

    (row,) = rows_of(club, game)
    # Zero-sum: the loser's score is the penalty, so the cell does not repeat it.
    bala = row.cells[1]
    assert bala.points == -120 and bala.paid.penalty == 120 and bala.penalty_shown == ""
    assert row.notes == ("Bala: typed 150, capped at 120",)


def test_the_preview_says_where_a_number_was_adjusted(club) -> None:
    game = make_session(club, options={"penalty_cap": 80})
    entry = typed_entry(0, {1: 95, 2: 12}, wild="7H")
    ledger = hands.preview_hand(session=game, entry=entry)
    assert ledger["details"]["1"]["penalty"] == 80
    names = session_board(game).names
    view = display.ledger_view(ledger, names, void=False, entry=entry, session=game)
    assert view.adjustments == ("Bala: typed 95, capped at 80",)
    # Without the entry it came from, a ledger is shown as it is, without guessing.
    assert display.ledger_view(ledger, names, void=False).adjustments == ()


def test_the_session_screen_shows_penalties_packs_and_notes(client, club) -> None:
    game = make_session(
        club,
        names=("Ashwin", "Ashok", "Chitra", "Devika", "Ezhil", "Farida"),
        options={"penalty_cap": 120},
    )
    record(game, typed_entry(0, {1: 130, 2: 15}, drops={3: "first", 4: "later", 5: "first"}))
    client.force_login(owner_of(club))
    html = client.get(reverse("session-detail", args=(club.slug, game.pk))).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())

    assert f"paid {MINUS}120" in text and "cap" in text
    assert "middle pack" in text and text.count(" pack ") >= 2
    assert "Hand 1 · Ashok: typed 130, capped at 120" in text
    # Narrow columns: shortened names in the heading, spelled out in the key below.
    assert "Ashw: Ashwin" in text and "Devi: Devika" in text
    assert "Ashok: Ashok" not in text  # five letters fit a column whole


def test_short_names_are_unique_and_short_names_stay_whole() -> None:
    names = {0: "Ashwin", 1: "Ashok", 2: "Bala", 3: "Chitra Ramanathan", 4: "Ezhil"}
    assert display.short_names({0: "Ashwin", 1: "Ashwini"}) == {0: "Ashwin", 1: "Ashwini"}
    assert display.short_names({0: "Meenakshi", 1: "Meenal"}) == {0: "Meenak", 1: "Meenal"}
    assert display.short_names(names) == {
        0: "Ashw",
        1: "Ashok",
        2: "Bala",
        3: "Chit",
        4: "Ezhil",
    }


def test_the_hand_log_csv_appends_what_each_player_paid(client, club) -> None:
    game = make_session(club, options={"penalty_cap": 120})
    record(game, typed_entry(0, {1: 130}, drops={2: "later"}, wild="7H"))
    client.force_login(owner_of(club))
    response = client.get(reverse("session-csv", args=(club.slug, game.pk)))
    header, hand, total = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))

    assert header == [
        "hand", "dealer", "wild", "status", "Asha", "Bala", "Chitra",
        "Asha paid", "Asha how", "Bala paid", "Bala how", "Chitra paid", "Chitra how",
    ]  # fmt: skip
    assert hand == [
        "1", "Asha", "7H", "played", "160", "0", "0",
        "", "", "120", "typed 130; capped at 120", "40", "middle pack",
    ]  # fmt: skip
    assert total == ["total", "", "", "", "160", "0", "0", "", "", "", "", "", ""]


def test_a_winner_takes_summary_names_the_winner_the_money_names(client, club) -> None:
    # Asha wins 100 from Chitra; Bala wins 90 from Asha. Points: Asha 100, Bala 90, Chitra
    # 0. Money (stake 1): Asha +100 - 90 = +10, Bala +90, Chitra -100. Bala is ahead.
    game = make_session(club, stake=1)
    record(game, typed_entry(0, {1: 0, 2: 100}, wild="7H"))
    record(game, typed_entry(1, {0: 90, 2: 0}, wild="7H"))

    summary = session_summary(session_board(game))
    assert summary.by_net
    assert summary.winners == ("Bala",)
    assert [(s.name, s.place, s.total, s.net) for s in summary.standings] == [
        ("Bala", 1, 90, 90),
        ("Asha", 2, 100, 10),
        ("Chitra", 3, 0, -100),
    ]
    client.force_login(owner_of(club))
    html = client.get(reverse("session-summary", args=(club.slug, game.pk))).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Bala leads so far with +90 net (90 points won in hands)." in text

    # The session screen agrees: Bala leads, each tile shows the net beside the points.
    totals = display.seat_totals(session_board(game))
    assert [(t.name, t.total, t.net, t.leader) for t in totals] == [
        ("Asha", 100, 10, False),
        ("Bala", 90, 90, True),
        ("Chitra", 0, -100, False),
    ]


def tile_nets(client, club, game) -> list[str]:
    client.force_login(owner_of(club))
    html = client.get(reverse("session-detail", args=(club.slug, game.pk))).content.decode()
    return [
        " ".join(re.sub(r"<[^>]+>", " ", net).split())
        for net in re.findall(r'<span class="total-net">(.*?)</span>', html)
    ]


def test_a_tiles_net_says_money_when_the_session_has_a_stake(client, club) -> None:
    # Money and points look alike as bare numbers: "net +90" said neither.
    game = make_session(club, stake=1)
    record(game, typed_entry(0, {1: 0, 2: 100}, wild="7H"))
    record(game, typed_entry(1, {0: 90, 2: 0}, wild="7H"))
    assert tile_nets(client, club, game) == [
        "money +10",
        "money +90",
        f"money {MINUS}100",
    ]


def test_a_tiles_net_says_points_when_the_session_plays_for_points(client, club) -> None:
    game = make_session(club)
    record(game, typed_entry(0, {1: 0, 2: 100}, wild="7H"))
    assert tile_nets(client, club, game) == [
        "points +100",
        "points 0",
        f"points {MINUS}100",
    ]


def test_a_zero_sum_summary_still_ranks_by_points(club) -> None:
    game = make_session(club, options={"scoring": "zero_sum"})
    record(game, typed_entry(0, {1: 10, 2: 100}, wild="7H"))
    summary = session_summary(session_board(game))
    assert not summary.by_net
    assert summary.winners == ("Asha",)
    assert all(t.net is None for t in display.seat_totals(session_board(game)))


def test_the_hand_history_notes_an_adjusted_penalty(club) -> None:
    game = make_session(club, options={"penalty_cap": 100})
    record(game, typed_entry(2, {0: 101, 1: 7}, wild="7H"))
    history = hand_versions(hand_read(game, 1))
    (version,) = history.versions
    asha, bala, _ = version.scores
    assert (asha.penalty, asha.notes) == (100, ("typed 101", "capped at 100"))
    assert (bala.penalty, bala.notes) == (7, ())


def test_the_score_sheet_has_every_hand_the_totals_and_the_settlement(client, club) -> None:
    game = make_session(club, options={"penalty_cap": 120}, stake=2)
    record(game, typed_entry(0, {1: 130}, drops={2: "later"}, wild="7H"))
    client.force_login(owner_of(club))
    response = client.get(reverse("session-sheet", args=(club.slug, game.pk)))
    assert response.status_code == 200
    html = response.content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "css/sheet.css" in html and "<script" not in html.split("</head>")[1]
    assert "Hand 1 · Bala: typed 130, capped at 120" in text
    assert "middle pack" in text
    assert "Bala pays Asha 240" in text  # 120 points at 2 a point
    summary = client.get(reverse("session-summary", args=(club.slug, game.pk))).content.decode()
    assert reverse("session-sheet", args=(club.slug, game.pk)) in summary
