"""Skill ratings per club and game, from the placings of finished sessions.

openskill's Plackett-Luce model rates a session as a ranking of its players. Ratings depend
on the order sessions are rated in (when each finished, then its id), so a change to a
finished session re-rates it and every later session of that club and game: usually only
itself, since corrections mostly touch the latest session. The same rating loop, run from
the start of every game of a club at once, rebuilds the club (`rate_club_afresh`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from openskill.models import PlackettLuce

from leagues.models import Rating, RatingChange, SessionResult
from leagues.services.bulk import insert_many
from scoring.models import GameSession, SessionStatus

MODEL = PlackettLuce()
# Below this many rated sessions a rating is shown as provisional on leaderboards.
PROVISIONAL_GAMES = 10


@dataclass(frozen=True)
class RatingKey:
    """Where a session stands in the rating order of its club and game."""

    rated_at: datetime
    session_id: int

    def later_q(self, prefix: str = "") -> Q:
        """Sessions at or after this key (prefix names the path to the timestamp/id)."""
        at, sid = f"{prefix}rated_at", f"{prefix}session_id"
        return Q(**{f"{at}__gt": self.rated_at}) | Q(
            **{at: self.rated_at, f"{sid}__gte": self.session_id}
        )


def _key(session: GameSession) -> RatingKey | None:
    if session.status != SessionStatus.FINISHED or session.finished_at is None:
        return None
    return RatingKey(session.finished_at, session.pk)


@transaction.atomic(savepoint=False)
def rerate_after_change(session: GameSession, *, may_be_rated: bool = True) -> None:
    """Re-rate `session` (if it is finished and played) and every later session of its
    club and game, undoing what its earlier rating, if any, did first.

    `may_be_rated=False` when the caller knows the session was never rated (it had not
    finished before): its earlier rating need not be looked up."""
    keys = []
    if may_be_rated:
        keys = [
            RatingKey(c.rated_at, c.session_id)
            for c in RatingChange.objects.filter(session=session).only("rated_at", "session_id")[:1]
        ]
    current = _key(session)
    if current is not None:
        keys.append(current)
    if not keys:
        return  # never rated and not finished: nothing to do
    replay(club_id=session.club_id, variant=session.variant, start=min(keys, key=_order))


def _order(key: RatingKey) -> tuple[datetime, int]:
    return (key.rated_at, key.session_id)


@transaction.atomic(savepoint=False)
def replay(*, club_id: int, variant: str, start: RatingKey) -> None:
    """Undo every rating change from `start` on and rate again."""
    changes = RatingChange.objects.filter(club_id=club_id, variant=variant).filter(start.later_q())
    # Each player's rating goes back to what it was before their first undone change.
    restore: dict[int, RatingChange] = {}
    undone_games: dict[int, int] = {}
    for change in changes.order_by("rated_at", "session_id"):
        restore.setdefault(change.player_id, change)
        undone_games[change.player_id] = undone_games.get(change.player_id, 0) + 1
    ratings = {
        r.player_id: r
        for r in Rating.objects.filter(club_id=club_id, variant=variant, player_id__in=restore)
    }
    for player_id, first in restore.items():
        rating = ratings.get(player_id)
        if rating is None:
            continue
        if first.mu_before is None:
            rating.delete()
            del ratings[player_id]
        else:
            assert first.sigma_before is not None  # stored with mu_before, or neither
            rating.mu, rating.sigma = first.mu_before, first.sigma_before
    for player_id, rating in ratings.items():
        rating.games -= undone_games.get(player_id, 0)
    changes.delete()

    finished = GameSession.objects.filter(
        club_id=club_id, variant=variant, status=SessionStatus.FINISHED
    ).filter(
        Q(finished_at__gt=start.rated_at) | Q(finished_at=start.rated_at, pk__gte=start.session_id)
    )
    sessions = list(finished.order_by("finished_at", "pk").only("pk", "finished_at", "variant"))
    placings = _placings([s.pk for s in sessions])
    all_players = {p for places in placings.values() for p, _ in places}
    missing = all_players - set(ratings)
    for rating in Rating.objects.filter(club_id=club_id, variant=variant, player_id__in=missing):
        ratings[rating.player_id] = rating
    new_changes = _rate(sessions, placings, {variant: ratings}, club_id=club_id)
    _store(ratings.values(), new_changes)


@transaction.atomic(savepoint=False)
def rate_club_afresh(*, club_id: int) -> None:
    """Every rating of the club, in every game, made again from nothing (the club's
    rebuild): the replay from the start of each game, in a fixed number of queries however
    many games the club plays. A rating in a game the club no longer has a finished session
    of goes."""
    RatingChange.objects.filter(club_id=club_id).delete()
    Rating.objects.filter(club_id=club_id).delete()
    finished = GameSession.objects.filter(club_id=club_id, status=SessionStatus.FINISHED)
    sessions = list(finished.order_by("finished_at", "pk").only("pk", "finished_at", "variant"))
    ratings: dict[str, dict[int, Rating]] = {}
    new_changes = _rate(sessions, _placings([s.pk for s in sessions]), ratings, club_id=club_id)
    _store((rating for game in ratings.values() for rating in game.values()), new_changes)


def _rate(
    sessions: list[GameSession],
    placings: dict[int, list[tuple[int, int]]],
    ratings: dict[str, dict[int, Rating]],
    *,
    club_id: int,
) -> list[RatingChange]:
    """Rate `sessions` in order, each in its game's ratings (`ratings[variant]`, by player,
    changed in place and added to); the changes they made."""
    new_changes = []
    for session in sessions:
        places = placings.get(session.pk)
        if not places or len(places) < 2:
            continue
        assert session.finished_at is not None  # set when a session finishes
        game = ratings.setdefault(session.variant, {})
        before: list[tuple[float, float] | None] = []
        for player_id, _ in places:
            rating = game.get(player_id)
            if rating is None:
                fresh = MODEL.rating()
                rating = game[player_id] = Rating(
                    club_id=club_id,
                    variant=session.variant,
                    player_id=player_id,
                    mu=fresh.mu,
                    sigma=fresh.sigma,
                    ordinal=fresh.ordinal(),
                    games=0,
                )
                before.append(None)
            else:
                before.append((rating.mu, rating.sigma))
        teams = [[MODEL.rating(mu=game[p].mu, sigma=game[p].sigma)] for p, _ in places]
        rated = MODEL.rate(teams, ranks=[place for _, place in places])
        for (player_id, _), team, was in zip(places, rated, before, strict=True):
            rating = game[player_id]
            rating.mu, rating.sigma = team[0].mu, team[0].sigma
            rating.ordinal = team[0].ordinal()
            rating.games += 1
            new_changes.append(
                RatingChange(
                    session_id=session.pk,
                    player_id=player_id,
                    club_id=club_id,
                    variant=session.variant,
                    rated_at=session.finished_at,
                    mu_before=was[0] if was else None,
                    sigma_before=was[1] if was else None,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    ordinal=rating.ordinal,
                )
            )
    return new_changes


def _store(ratings: Iterable[Rating], new_changes: list[RatingChange]) -> None:
    rows = []
    for rating in ratings:
        rating.ordinal = MODEL.rating(mu=rating.mu, sigma=rating.sigma).ordinal()
        rows.append(
            Rating(
                club_id=rating.club_id,
                variant=rating.variant,
                player_id=rating.player_id,
                mu=rating.mu,
                sigma=rating.sigma,
                ordinal=rating.ordinal,
                games=rating.games,
            )
        )
    # One upsert for new and changed ratings alike: cheaper to build than an UPDATE with a
    # CASE per field and row, which cost more than the rating itself for one session.
    Rating.objects.bulk_create(
        rows,
        batch_size=2000,
        update_conflicts=True,
        unique_fields=["club", "variant", "player"],
        update_fields=["mu", "sigma", "ordinal", "games"],
    )
    if len(new_changes) > 1000:
        insert_many(RatingChange, new_changes)
    else:
        RatingChange.objects.bulk_create(new_changes)


def _placings(session_ids: list[int]) -> dict[int, list[tuple[int, int]]]:
    """Session -> [(player, place)] from the stored results, in seat order.

    Only results stored as finished: a session whose finish is not applied yet is rated by
    that update, never before it, so a session's rating always matches its stored results
    (and an update can tell from them whether there is a rating to undo)."""
    placings: dict[int, list[tuple[int, int]]] = {}
    rows = (
        SessionResult.objects.filter(session_id__in=session_ids, finished=True)
        .order_by("session_id", "id")
        .values_list("session_id", "player_id", "place")
    )
    for session_id, player_id, place in rows:
        placings.setdefault(session_id, []).append((player_id, place))
    return placings
