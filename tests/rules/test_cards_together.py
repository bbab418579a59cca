"""The cards of every seat of one hand, added up against the decks in play.

Worked by hand: one deck holds one 2S; with 7H exposed in Indian Rummy the exposed 7H is
out of play, so two decks leave one 7H for the players; a game with two printed jokers
holds two JK.
"""

from __future__ import annotations

import pytest

from scoring.rules import Game, Player, RulesError, check_cards_together


def game(**options: object) -> Game:
    return Game("indian13", {"decks": 1, "jokers": 2, **options}, "7H")


def seat(name: str, *cards: str) -> Player:
    return Player(name, "lost", hand=tuple(cards))


def test_one_deck_s_only_2s_held_by_two_players_is_refused_naming_the_first():
    with pytest.raises(RulesError) as caught:
        check_cards_together(
            game(), [Player("Asha", "won"), seat("Bala", "2S"), seat("Chitra", "2S")]
        )
    assert caught.value.seat == "Bala"
    assert caught.value.code == "impossible_hand"
    assert "Bala and Chitra hold 2S twice between them" in caught.value.message


def test_the_exposed_card_is_out_of_play_for_everyone():
    # Two decks hold two 7H; the exposed one is out of play, leaving one for the players.
    with pytest.raises(RulesError) as caught:
        check_cards_together(game(decks=2), [seat("Asha", "7H"), seat("Bala", "7H")])
    assert "hold 7H twice between them, but the decks in play hold it once" in (
        caught.value.message
    )


def test_printed_jokers_are_counted_across_the_table():
    check_cards_together(game(), [seat("Asha", "JK"), seat("Bala", "JK")])
    with pytest.raises(RulesError) as caught:
        check_cards_together(game(), [seat("Asha", "JK"), seat("Bala", "JK"), seat("Chitra", "JK")])
    assert "only 2 printed jokers are in play" in caught.value.message


def test_what_one_player_alone_holds_too_often_is_left_to_score_hand():
    # score_hand names that one player with its own sentence.
    check_cards_together(game(), [seat("Asha", "2S", "2S"), seat("Bala", "3S")])


def test_a_bad_card_is_left_to_score_hand_which_names_its_player():
    check_cards_together(game(), [seat("Asha", "ZZ"), seat("Bala", "3S")])
