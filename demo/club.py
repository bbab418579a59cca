"""The demo club that `make run` loads: members, guests, a finished session of each game
(Marriage as Nepali tables play it), a league and a tournament.

Every hand goes through the same services a scorer uses, so the demo's ledgers are the
rules engine's own. Cards are dealt from a seeded shuffle, so every run loads the same club.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from clubs import services as club_services
from clubs.models import Club, Membership, Player
from clubs.presets import preset
from clubs.roles import Role
from demo.hands import random_hand
from demo.tournament import load_demo_tournament
from leagues.services.setup import create_league
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import GameSession
from scoring.services import hands, sessions

DEMO_SLUG = "demo-rummy-club"
DEMO_PASSWORD = "rummy-club-demo"
USERS = (
    ("asha", "Asha", "Rao", Role.OWNER),
    ("bala", "Bala", "Krishnan", Role.ORGANISER),
    ("chitra", "Chitra", "Iyer", Role.SCORER),
    ("dev", "Dev", "Shah", Role.MEMBER),
)
GUESTS = ("Esha", "Farid", "Gita")


@dataclass(frozen=True)
class DemoSession:
    variant: str
    players: tuple[str, ...]
    ending: str
    target: int | None
    hands: int
    stake: int = 0


FINISHED = (
    DemoSession("indian13", ("Asha Rao", "Bala Krishnan", "Chitra Iyer", "Esha"), "deals", 1, 4, 1),
    DemoSession("indian21", ("Bala Krishnan", "Chitra Iyer", "Dev Shah", "Farid"), "hands", 4, 4),
    DemoSession("rummy27", ("Asha Rao", "Dev Shah", "Gita"), "hands", 3, 3),
    DemoSession("marriage", ("Asha Rao", "Bala Krishnan", "Chitra Iyer", "Esha"), "hands", 4, 4, 2),
    DemoSession("vazhushal", ("Chitra Iyer", "Dev Shah", "Farid"), "points", 3, 20),
)
IN_PLAY = DemoSession(
    "indian13", ("Asha Rao", "Bala Krishnan", "Dev Shah", "Gita"), "open", None, 2
)


def demo_club() -> Club | None:
    return Club.objects.filter(slug=DEMO_SLUG).first()


@transaction.atomic
def load_demo(*, password: str = DEMO_PASSWORD) -> Club:
    """Create the demo club once; a second call finds it and changes nothing.

    `password` is given to the demo accounts it makes; seed_demo allows the public one
    only on a development machine.
    """
    existing = demo_club()
    if existing is not None:
        return existing
    people = []
    for username, first, last, role in USERS:
        user = User.objects.filter(username=username).first() or User.objects.create_user(
            username=username, password=password, first_name=first, last_name=last
        )
        people.append((user, role))
    owner = people[0][0]
    club = club_services.create_club(
        name="Demo Rummy Club", owner=owner, timezone_name="Asia/Kolkata", is_public=True
    )
    # create_club picks a free slug from the name; the demo keeps a fixed one to find it again.
    Club.objects.filter(pk=club.pk).update(slug=DEMO_SLUG)
    club.refresh_from_db()
    for user, role in people[1:]:
        Membership.objects.create(club=club, user=user, role=role)
        club_services._player_for_member(club=club, user=user)
    for name in GUESTS:
        club_services.add_guest(club=club, name=name)
    club_services.save_variant_rules(
        club=club, variant="indian13", options={"ace_value": 11}, by=owner
    )
    # The demo plays Marriage as Nepali tables do: the alter and the man earn maal.
    nepal = preset("marriage", "nepal")
    assert nepal is not None
    club_services.save_variant_rules(club=club, variant="marriage", options=nepal.options, by=owner)

    rng = random.Random(2026)
    scorer = people[2][0]
    plans = FINISHED + (IN_PLAY,)
    for days_ago, plan in zip(range(len(plans) - 1, -1, -1), plans, strict=True):
        session = _play(club, plan, rng, scorer)
        if plan is FINISHED[0]:
            _correct_second_hand(session, scorer)
        _move_back(session, days=days_ago)
    today = timezone.localdate()
    create_league(
        club=club,
        name="Demo season",
        starts_on=today - timedelta(days=30),
        ends_on=today + timedelta(days=60),
        tie_breakers=["wins", "average", "head_to_head"],
    )
    load_demo_tournament(club=club, director=people[1][0], scorer=scorer, rng=rng)
    return club


def _play(club: Club, plan: DemoSession, rng: random.Random, scorer: User) -> GameSession:
    players = {p.name: p.pk for p in Player.objects.filter(club=club)}
    session, _ = sessions.start_session(
        club=club,
        variant=plan.variant,
        options=club_services.default_options(club=club, variant=plan.variant),
        player_ids=[players[name] for name in plan.players],
        first_dealer="draw",
        ending=plan.ending,
        ending_target=plan.target,
        stake_per_point=plan.stake,
        user=scorer,
        rng=rng,
    )
    for _ in range(plan.hands):
        session.refresh_from_db()
        if not session.is_active:
            break
        hands.record_hand(
            session_id=session.pk,
            entry=random_hand(session, len(plan.players), rng),
            client_key=uuid.uuid4(),
            revision=session.revision,
            user=scorer,
        )
    return session


def _move_back(session: GameSession, *, days: int) -> None:
    """Spread the demo's sessions over the past week, an evening each, as a club plays."""
    session.refresh_from_db()
    started = timezone.now() - timedelta(days=days, hours=2)
    GameSession.objects.filter(pk=session.pk).update(
        started_at=started,
        finished_at=started + timedelta(hours=2) if session.finished_at else None,
    )


def _correct_second_hand(session: GameSession, scorer: User) -> None:
    """Leave one correction in the demo, so a hand's history has something to show."""
    session.refresh_from_db()
    current = session.hands.get(number=2).versions.get(is_current=True)
    entry = HandEntry.from_json(current.entry)
    seats = tuple(
        SeatEntry(seat.position, "lost", penalty=(seat.penalty or 0) + 5)
        if seat.result == "lost" and seat.penalty is not None
        else seat
        for seat in entry.seats
    )
    hands.correct_hand(
        session_id=session.pk,
        number=2,
        entry=HandEntry(seats=seats, wild=entry.wild),
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=scorer,
        reason="Recounted the typed points: 5 more each",
    )
