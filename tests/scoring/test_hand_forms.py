"""The record-hand panel's parser: what a scorer taps becomes the HandEntry the engine scores.

No database: the parser only reads the posted fields.
"""

from __future__ import annotations

import uuid

from scoring.errors import HandRejected
from scoring.forms.hands import input_from_entry, read_input, split_melds
from scoring.hand_entry import HandEntry, SeatEntry

NAMES = {0: "Asha", 1: "Bala", 2: "Chitra"}


def post(**fields: str) -> dict[str, str]:
    data = {"client_key": str(uuid.uuid4()), "revision": "3"}
    data.update(
        {key.replace("_", "-", 1) if key[0] == "s" else key: v for key, v in fields.items()}
    )
    return data


def parse(variant: str = "indian13", names: dict[int, str] = NAMES, **fields: str):
    panel = read_input(post(**fields), variant=variant, names=names)
    return panel, panel.entry()


def test_a_winner_and_typed_points_make_a_hand_entry() -> None:
    panel, entry = parse(
        s0_how="won", s1_how="points", s1_points="25", s2_how="points", s2_points="0", wild="7h"
    )
    assert entry == HandEntry(
        seats=(
            SeatEntry(0, "won"),
            SeatEntry(1, "lost", penalty=25),
            SeatEntry(2, "lost", penalty=0),
        ),
        wild="7H",
    )
    assert panel.client_uuid() is not None
    assert panel.revision_number() == 3


def test_picked_cards_are_sent_for_the_engine_to_count() -> None:
    _, entry = parse(s0_how="won", s1_how="cards", s1_cards="2h, 3H  4h", s2_how="first")
    assert entry.seats[1] == SeatEntry(1, "lost", cards=["2h", "3H", "4h"])
    assert entry.seats[2] == SeatEntry(2, "dropped", drop="first")


def test_a_packed_player_needs_no_points() -> None:
    panel, entry = parse(s0_how="won", s1_how="later", s2_how="points", s2_points="12")
    assert not panel.has_errors
    assert entry.seats[1] == SeatEntry(1, "dropped", drop="later")


def test_two_winners_get_a_sentence_and_no_entry() -> None:
    panel, entry = parse(s0_how="won", s1_how="won", s2_how="points", s2_points="4")
    assert entry is None
    assert "Only one player can win a hand" in panel.errors["winner"]
    assert "Asha and Bala" in panel.errors["winner"]


def test_no_winner_asks_for_one() -> None:
    panel, entry = parse(
        s0_how="points",
        s0_points="3",
        s1_how="points",
        s1_points="4",
        s2_how="points",
        s2_points="5",
    )
    assert entry is None
    assert panel.errors["winner"] == "Tap Won for the player who went out."


def test_the_last_player_in_wins_when_everyone_else_packed() -> None:
    panel, entry = parse(s0_how="points", s1_how="first", s2_how="later")
    assert not panel.has_errors
    assert entry.winner == 0


def test_a_penalty_below_zero_gets_a_sentence_next_to_the_player() -> None:
    panel, entry = parse(
        s0_how="won", s1_how="points", s1_points="-5", s2_how="points", s2_points="10"
    )
    assert entry is None
    assert panel.seats[1].error == "Bala's points cannot be below zero."


def test_points_that_are_not_a_number_get_a_sentence() -> None:
    panel, _ = parse(
        s0_how="won", s1_how="points", s1_points="ten", s2_how="points", s2_points="10"
    )
    assert panel.seats[1].error == "Type Bala's points as a whole number, like 25."


def test_a_loser_without_points_or_cards_is_asked_for_them() -> None:
    panel, entry = parse(s0_how="won", s1_how="points", s2_how="cards")
    assert entry is None
    assert panel.seats[1].error == "Type Bala's points, or tap Cards to pick the cards."
    assert panel.seats[2].error.startswith("Pick or type Chitra's cards")


def test_marriage_has_no_packing() -> None:
    panel, entry = parse("marriage", s0_how="won", s1_how="first", s2_how="points")
    assert entry is None
    assert "cannot pack in Indian Marriage" in panel.seats[1].error


def test_marriage_carries_seen_bonus_and_the_winners_show() -> None:
    _, entry = parse(
        "marriage",
        s0_how="won",
        s0_seen="1",
        s0_bonus="10",
        s1_how="points",
        s1_bonus="3",
        s2_how="cards",
        s2_cards="5H 5H",
        show="eight_dublees",
        wild="5S",
    )
    assert entry.seats[0] == SeatEntry(0, "won", bonus=10, seen=True, show="eight_dublees")
    assert entry.seats[1] == SeatEntry(1, "lost", bonus=3)
    assert entry.seats[2] == SeatEntry(2, "lost", cards=["5H", "5H"])


def test_a_winners_value_cards_replace_a_typed_bonus() -> None:
    _, entry = parse(
        "rummy27",
        s0_how="won",
        s0_bonus="30",
        s0_cards="7H 8H",
        s1_how="points",
        s1_points="40",
        s2_how="points",
        s2_points="2",
    )
    assert entry.seats[0] == SeatEntry(0, "won", cards=["7H", "8H"])


def test_a_void_hand_needs_nothing_per_player() -> None:
    panel, entry = parse(void="1", s0_how="points", s1_how="points", s2_how="points")
    assert not panel.has_errors
    assert entry.void
    assert all(seat.result == "lost" for seat in entry.seats)


def test_vazhushal_depleted_stock_reads_melds_and_cards_left() -> None:
    _, entry = parse(
        "vazhushal",
        depleted="1",
        s0_melds="2H 3H 4H / 9S 9D 9C",
        s0_cards="KS",
        s1_melds="",
        s1_cards="2C QS",
        s2_cards="",
        wild="5D",
    )
    assert entry.depleted
    assert entry.seats[0] == SeatEntry(
        0, "", cards=["KS"], melds=[["2H", "3H", "4H"], ["9S", "9D", "9C"]]
    )
    assert entry.seats[2] == SeatEntry(2, "", cards=[], melds=[])


def test_melds_may_be_one_a_line() -> None:
    assert split_melds("2H 3H 4H\n9S 9D 9C\n") == [["2H", "3H", "4H"], ["9S", "9D", "9C"]]


def test_indian13_first_turn_is_kept_for_the_winner_only() -> None:
    _, entry = parse(
        s0_how="won",
        s1_how="points",
        s1_points="20",
        s1_pending="on",
        s2_how="points",
        s2_points="5",
        declared="first_turn_before_draw",
    )
    assert entry.declared == "first_turn_before_draw"
    assert entry.seats[1].first_turn_pending


def test_a_missing_client_key_or_revision_is_a_sentence_not_a_crash() -> None:
    panel = read_input({"s0-how": "won"}, variant="indian13", names=NAMES)
    assert panel.client_uuid() is None
    assert "reload the page" in panel.errors["form"]
    assert panel.revision_number() is None


def test_an_engine_sentence_lands_next_to_the_player_it_names() -> None:
    panel, _ = parse(s0_how="won", s1_how="cards", s1_cards="2H", s2_how="first")
    panel.add_error(HandRejected("Player Bala's losing hand has 13 cards.", seat=1))
    panel.add_error(HandRejected("Indian Rummy needs `wild`, the exposed card.", field="wild"))
    assert panel.seats[1].error == "Player Bala's losing hand has 13 cards."
    assert panel.errors["wild"] == "Indian Rummy needs the wild card, the exposed card."


def test_a_stored_hand_fills_the_panel_for_a_correction() -> None:
    entry = HandEntry(
        seats=(
            SeatEntry(0, "lost", cards=["2H"] * 13),
            SeatEntry(1, "won"),
            SeatEntry(2, "dropped", drop="later"),
        ),
        wild="9C",
    )
    panel = input_from_entry(entry, variant="indian13", names=NAMES, revision=7)
    assert [seat.how for seat in panel.seats] == ["cards", "won", "later"]
    assert panel.wild == "9C"
    assert panel.revision == "7"
    again = read_input(
        {
            "client_key": panel.client_key,
            "revision": panel.revision,
            "wild": panel.wild,
            **{f"{s.prefix}-how": s.how for s in panel.seats},
            **{f"{s.prefix}-cards": s.cards for s in panel.seats},
        },
        variant="indian13",
        names=NAMES,
    ).entry()
    assert again == entry


# -- A wrong show -----------------------------------------------------------------------------


def test_a_wrong_show_is_a_chip_in_the_games_that_charge_one_only() -> None:
    from scoring.forms.hands import Features

    for variant in ("indian13", "indian21", "rummy27"):
        assert ("wrong", "Wrong show") in Features.of(variant).hows
    for variant in ("marriage", "vazhushal"):
        assert "wrong" not in dict(Features.of(variant).hows)


def test_a_wrong_show_needs_no_points_and_goes_to_the_engine_as_that_seats_result() -> None:
    panel, entry = parse(s0_how="won", s1_how="wrong", s1_points="", s2_how="points", s2_points="9")
    assert not panel.has_errors
    assert entry.seats[1] == SeatEntry(1, "wrong_show")
    player = entry.engine_players(NAMES)[1]
    assert (player.id, player.result, player.hand, player.penalty) == (
        "Bala",
        "wrong_show",
        None,
        None,
    )


def test_the_last_player_in_wins_when_the_others_packed_or_showed_wrongly() -> None:
    panel, entry = parse(s0_how="first", s1_how="wrong", s2_how="points", s2_points="9")
    assert not panel.has_errors
    assert [seat.result for seat in entry.seats] == ["dropped", "wrong_show", "won"]


def test_nobody_left_in_after_a_wrong_show_gets_a_sentence() -> None:
    panel, entry = parse(s0_how="first", s1_how="wrong", s2_how="wrong")
    assert entry is None
    assert (
        panel.errors["winner"] == "Not everyone can be out: one player must still be in the hand."
    )


def test_a_wrong_show_in_a_game_without_one_is_refused_next_to_the_player() -> None:
    panel, entry = parse("marriage", s0_how="won", s1_how="wrong", s2_how="points")
    assert entry is None
    assert (
        panel.seats[1].error
        == "Indian Marriage has no wrong show to charge; mark Bala Won or Lost."
    )


def test_a_stored_wrong_show_fills_its_chip_for_a_correction() -> None:
    stored = HandEntry(
        seats=(SeatEntry(0, "won"), SeatEntry(1, "wrong_show"), SeatEntry(2, "lost", penalty=4))
    )
    panel = input_from_entry(stored, variant="indian21", names=NAMES, revision=5)
    assert [seat.how for seat in panel.seats] == ["won", "wrong", "points"]
