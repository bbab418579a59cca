"""A club with a history worth backing up: the demo club (sessions of every game, a league,
a tournament), and on top of it a hand corrected twice, a void hand, a session played for
money and payments, one of them removed. Standings and ratings are then rebuilt, so the
backup holds them as a club's database does."""

from __future__ import annotations

from clubs.models import Club
from demo.club import DEMO_SLUG, load_demo
from leagues.services.updates import rebuild_everything
from scoring.models import GameSession, SessionStatus
from tab import services as tab_services
from tests.factories import PASSWORD, correct, owner_of, record, typed_entry, void
from tests.tab.factories import money_session, pay


def build_club() -> Club:
    club = load_demo(password=PASSWORD)
    in_play = GameSession.objects.get(club=club, status=SessionStatus.ACTIVE, variant="indian13")
    record(in_play, typed_entry(0, {1: 20, 2: 30, 3: 15}))
    record(in_play, typed_entry(1, {0: 10, 2: 40, 3: 5}))
    correct(in_play, 3, typed_entry(0, {1: 25, 2: 30, 3: 15}), reason="Bala had 25")
    correct(in_play, 3, typed_entry(2, {0: 25, 1: 30, 3: 15}), reason="Dev won it")
    void(in_play, 4, reason="Misdeal")
    record(in_play, typed_entry(3, {0: 12, 1: 7, 2: 9}))
    money_session(
        club,
        stake=2,
        hands=[(0, {1: 30, 2: 10}), (1, {0: 5, 2: 20})],
        names=("Esha", "Farid", "Gita"),
    )
    pay(club, "Farid", "Esha", 40, note="Cash at the table")
    wrong = pay(club, "Gita", "Esha", 15)
    tab_services.remove_payment(club=club, by=owner_of(club), payment_id=wrong.pk)
    rebuild_everything()
    club.refresh_from_db()
    assert club.slug == DEMO_SLUG
    return club
