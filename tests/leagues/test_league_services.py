"""Setting up leagues: what an organiser gets told when a league cannot be as asked."""

from __future__ import annotations

from datetime import date

import pytest

from common.errors import UserError
from leagues.models import LeagueSession
from leagues.services.setup import create_league, mark_session
from tests.factories import make_club, make_session

pytestmark = pytest.mark.django_db

SEASON = {"starts_on": date(2026, 1, 1), "ends_on": date(2026, 12, 31)}


@pytest.mark.parametrize(
    ("options", "field", "sentence"),
    [
        ({"name": " "}, "name", "Give the league a name"),
        ({"ends_on": date(2025, 1, 1)}, "ends_on", "cannot end before it starts"),
        ({"variants": ["poker"]}, "variants", "poker is not one of the games"),
        ({"basis": "placing"}, "placing_points", "points for 1st, 2nd"),
        ({"tie_breakers": ["wins", "wins"]}, "tie_breakers", "each once"),
    ],
)
def test_a_league_that_cannot_be_run_is_refused_with_a_sentence(options, field, sentence):
    arguments = {"club": make_club(), "name": "Winter league", **SEASON} | options
    with pytest.raises(UserError, match=sentence) as caught:
        create_league(**arguments)
    assert caught.value.field == field


def test_sessions_are_marked_only_for_a_league_of_marked_sessions():
    club = make_club()
    session = make_session(club)
    every = create_league(club=club, name="Everything", **SEASON)
    cup = create_league(club=club, name="Cup", marked_only=True, **SEASON)

    with pytest.raises(UserError, match="counts every session"):
        mark_session(league=every, session=session, counts=True)
    mark_session(league=cup, session=session, counts=True)

    assert list(LeagueSession.objects.values_list("league__name", flat=True)) == ["Cup"]


def test_another_clubs_session_cannot_count_for_a_league():
    cup = create_league(club=make_club("One"), name="Cup", marked_only=True, **SEASON)
    stranger = make_session(make_club("Two"))
    with pytest.raises(UserError, match="club's own sessions"):
        mark_session(league=cup, session=stranger, counts=True)
