"""The "Check a show" page at /rules/check/: the full page, its htmx answers, its errors."""

import pytest

from scoring.display.check_show import NO_WILD, check_show
from scoring.forms.check_show import CheckShowForm

URL = "/rules/check/"
HTMX = {"HX-Request": "true"}
# With 9D exposed: three pure sequences and 10S 10D completed by the printed joker.
SHOW = "AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S JK"
# The joker swapped for 4D: the pure sequences stay, 10S 4D 10D are left over.
NOT_A_SHOW = "AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S 4D"


def ask(client, method: str = "get", htmx: bool = True, **fields: str):
    data = {"variant": "indian13", "wild": "9D", **fields}
    send = client.post if method == "post" else client.get
    response = send(URL, data, headers=HTMX if htmx else {})
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_renders_with_the_game_the_wild_card_the_hand_and_the_grid(client) -> None:
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Check a show</h1>" in html
    for game in ("Indian Rummy", "21 card Indian Rummy", "27 card Rummy", "Indian Marriage"):
        assert f">{game}</option>" in html
    assert 'name="wild"' in html and '<option value="none">None</option>' in html
    assert 'name="hand"' in html
    # 52 cards and the printed joker, each a button that adds a copy.
    assert html.count('name="tap"') == 53
    assert "/static/js/check_show.js" in html and "/static/css/check_show.css" in html
    assert "Choose the exposed card first." in html
    assert "https://" not in html


def test_a_valid_show_posted_by_htmx_returns_the_partial_with_valid_and_the_melds(client) -> None:
    html = ask(client, method="post", hand=SHOW)
    assert "<html" not in html
    assert "Valid show" in html
    assert 'data-valid="true"' in html
    assert "Indian Rummy: <strong>Rummy</strong>" in html
    assert html.count('class="meld meld--pure_sequence"') == 3
    assert "Set</span>" in html
    for card in SHOW.split():
        assert f'data-card="{card}"' in html
    assert "All 13 cards are in melds" in html
    # A winning hand pays no penalty.
    assert "Penalty if this hand loses" not in html
    # The bits around the form come out of band.
    assert 'id="hand-count" class="count count--ok" hx-swap-oob="true"' in html
    assert 'id="check-summary" class="summary summary--valid" hx-swap-oob="true"' in html


def test_a_hand_that_is_not_a_show_shows_its_penalty_and_the_rule(client) -> None:
    html = ask(client, hand=NOT_A_SHOW)
    assert 'data-valid="false"' in html
    assert "Not a show" in html
    assert "Unmatched (3)" in html
    assert "Penalty if this hand loses" in html
    assert "<strong>24</strong> points" in html
    assert "Only deadwood counts" in html
    assert "Not a show · 24 points" in html


def test_a_hand_with_no_pure_sequence_says_all_cards_count(client) -> None:
    html = ask(client, hand="2S 4H 6D 8C 10S QH KD 3C 5S 7H 9S JD 10C")
    assert "All cards count" in html


def test_the_value_card_bonus_comes_with_its_breakdown(client) -> None:
    hand = "7H 8H 6H 7H 8H 6H 2C 3C 4C 5S 6S 7S 9D 10D JD QD KD AS 2S 3S 4S"
    html = ask(client, variant="indian21", wild="7H", hand=hand)
    assert "Value-card bonus" in html
    assert "<strong>300</strong> points" in html
    assert "<td>Double marriage</td><td>1</td><td>300</td>" in html


def test_a_card_that_is_not_a_card_shows_the_engines_sentence_by_the_hand(client) -> None:
    html = ask(client, hand=SHOW.replace("JK", "11H"))
    assert "11H is not a card" in html
    assert 'id="hand-error"' in html
    assert "Traceback" not in html


def test_a_card_that_is_not_a_card_is_caught_before_the_hand_is_complete(client) -> None:
    html = ask(client, hand="AH ZZ")
    assert "ZZ is not a card" in html


def test_too_many_copies_of_a_card_is_the_engines_sentence(client) -> None:
    html = ask(client, hand="AH AH AH")
    assert "The hand holds AH 3 times, but 2 decks hold only 2." in html


def test_a_wrong_number_of_cards_gets_a_friendly_count_instead_of_an_engine_error(client) -> None:
    html = ask(client, hand="AH 2H 3H 5S 6S")
    assert "5 picked so far: pick 8 more cards to make 13." in html
    assert ">5 of 13 cards</span>" in html
    assert "hand_size" not in html and "this one has" not in html

    html = ask(client, hand=SHOW + " 4D 5D")
    assert "15 cards picked, but Indian Rummy shows have at most 13: take 2 cards off." in html


def test_a_wild_card_error_is_shown_by_the_game_settings(client) -> None:
    html = ask(client, variant="marriage", wild="JK", hand=SHOW)
    assert "Indian Marriage is played without printed jokers, so JK cannot be the tiplu." in html
    assert 'id="wild-label" hx-swap-oob="true">Tiplu<' in html


def test_a_player_count_outside_the_game_is_the_engines_sentence(client) -> None:
    html = ask(client, variant="indian21", wild="7H", players="9")
    assert "21 card Indian Rummy is played by 2 to 6 players; got 9." in html


def test_none_is_refused_where_the_game_always_turns_a_wild_card(client) -> None:
    html = ask(client, variant="rummy27", wild=NO_WILD)
    assert "27 card Rummy always turns up a wild card (exposed card): choose it." in html


def test_a_game_the_page_does_not_offer_is_refused_in_a_sentence(client) -> None:
    html = ask(client, variant="poker", hand=SHOW)
    assert "Game: Select a valid choice. poker is not one of the available choices." in html
    assert "Traceback" not in html


def test_a_plain_submit_renders_the_whole_page_with_the_result(client) -> None:
    html = ask(client, htmx=False, hand=SHOW)
    assert "<html" in html and "<h1>Check a show</h1>" in html
    assert "Valid show" in html and 'data-valid="true"' in html
    assert "hx-swap-oob" not in html
    # The hand stays in its field and the grid counts the copies picked.
    assert f">{SHOW}</textarea>" in html
    assert 'data-card="AH" data-count="1"' in html


def test_a_grid_tap_without_javascript_adds_and_removes_a_copy(client) -> None:
    html = ask(client, htmx=False, hand="AH", tap="AH")
    assert ">AH AH</textarea>" in html
    assert 'data-card="AH" data-count="2"' in html

    html = ask(client, htmx=False, hand="AH 2H ah", tap="AH", tap_mode="remove")
    assert ">AH 2H</textarea>" in html

    html = ask(client, htmx=False, hand="AH 2H", clear="1")
    assert "></textarea>" in html


def test_a_response_varies_with_the_htmx_header(client) -> None:
    response = client.get(URL, {"variant": "indian13"})
    assert "HX-Request" in response["Vary"]


@pytest.mark.parametrize(
    ("variant", "wild", "picked", "message"),
    [
        ("marriage", "7H", 0, "Indian Marriage shows have 16 to 21 cards"),
        ("vazhushal", NO_WILD, 2, "2 picked so far: pick 1 more card to make at least 3."),
        ("rummy27", "7H", 0, "27 card Rummy shows have 27 cards"),
    ],
)
def test_each_game_says_how_many_cards_its_show_has(variant, wild, picked, message) -> None:
    result = check_show(variant=variant, cards=["AS"] * picked, wild=wild)
    assert result.status == "count"
    assert message in result.message


def test_a_vazhushal_show_longer_than_any_dealt_hand_is_not_sent_to_the_engine() -> None:
    spades = [f"{rank}S" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    result = check_show(
        variant="vazhushal", cards=spades * 2 + ["AH", "2H", "3H", "4H"], wild=NO_WILD
    )
    assert result.status == "count"
    assert result.message == "30 cards picked, but this page checks at most 27: take 3 cards off."


def test_the_counter_reads_against_the_games_show_size() -> None:
    assert check_show(variant="indian13", cards=[], wild=None).count_text == "0 of 13 cards"
    assert check_show(variant="marriage", cards=[], wild=None).count_text == "0 of 16-21 cards"
    vazhushal = check_show(variant="vazhushal", cards=["AS"], wild=None)
    assert vazhushal.count_text == "1 picked, 3 or more"


def test_vazhushal_without_a_negative_joker_is_judged(client) -> None:
    result = check_show(variant="vazhushal", cards=["7H", "8H", "9H"], wild=NO_WILD)
    assert result.status == "checked" and result.valid and result.show_label == "Out"
    assert result.penalty is None and result.bonus is None


def test_the_form_turns_any_written_hand_into_one_spaced_value() -> None:
    form = CheckShowForm({"variant": "indian13", "hand": " ah,2h\n 3H  "})
    assert form.is_valid()
    assert form.cleaned_data["cards"] == ["ah", "2h", "3H"]
    assert form.cleaned_data["hand"] == "ah 2h 3H"
    assert form.grid()["suits"][1]["cards"][0] == {
        "code": "AH",
        "rank": "A",
        "spoken": "ace of hearts",
        "count": 1,
    }
