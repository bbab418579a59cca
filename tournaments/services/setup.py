"""Setting up a tournament and changing its set-up; releasing its public pages.

Every refusal a director can act on is a `UserError` with a sentence, raised before
anything is written (each service is one transaction).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Confirmation
from clubs.services import check_variant_options, default_options
from clubs.slugs import free_slug
from common.errors import UserError
from common.rules_words import game_name
from leagues.models import TieBreaker
from leagues.services.setup import check_ranking
from scoring.rules.variants import PLAYER_RANGES
from tournaments.models import Carry, RoundEnding, Tournament, TournamentScoring, TournamentStatus
from tournaments.services.draws import check_table_sizes
from tournaments.services.lines import refresh_tournament_standings
from tournaments.services.progress import locked

TARGET_LIMITS = {RoundEnding.DEALS: 20, RoundEnding.HANDS: 500, RoundEnding.MINUTES: 600}


def _check_setup(
    *,
    name: str,
    starts_on: date,
    ends_on: date,
    variant: str,
    options: dict[str, Any],
    min_table_size: int,
    max_table_size: int,
    rounds: int,
    round_ending: str,
    round_target: int,
    scoring: str,
    placing_points: Sequence[int],
    tie_breakers: Sequence[str],
    final_table_size: int,
    carry: str,
    confirmation: str,
) -> None:
    if confirmation not in Confirmation.values:
        raise UserError(
            _("Choose who confirms each hand: no one, any other player or every player."),
            field="confirmation",
        )
    if not name.strip():
        raise UserError(_("Give the tournament a name."), field="name")
    if ends_on < starts_on:
        raise UserError(_("The tournament cannot end before it starts."), field="ends_on")
    check_variant_options(variant, options)
    check_table_sizes(min_table_size, max_table_size)
    low, high = PLAYER_RANGES[variant]
    if min_table_size < low or max_table_size > high:
        raise UserError(
            _("%(game)s is played by %(low)s to %(high)s players at a table.")
            % {"game": game_name(variant), "low": low, "high": high},
            field="max_table_size",
        )
    if not 1 <= rounds <= 20:
        raise UserError(_("Give a number of rounds from 1 to 20."), field="rounds")
    if round_ending not in RoundEnding.values:
        raise UserError(_("Choose how each round ends."), field="round_ending")
    limit = TARGET_LIMITS[RoundEnding(round_ending)]
    if not 1 <= round_target <= limit:
        raise UserError(
            _("Give a number from 1 to %(limit)s for when a round ends.") % {"limit": limit},
            field="round_target",
        )
    if scoring not in TournamentScoring.values:
        raise UserError(_("Choose how players score a round."), field="scoring")
    if scoring == TournamentScoring.PLACING and not placing_points:
        raise UserError(
            _("Give the points for 1st, 2nd, 3rd ... place at a table, like 5, 3, 2, 1."),
            field="placing_points",
        )
    check_ranking(placing_points=placing_points, tie_breakers=tie_breakers)
    if final_table_size and not low <= final_table_size <= high:
        raise UserError(
            _(
                "A final table of %(game)s seats %(low)s to %(high)s players "
                "(or choose no final table)."
            )
            % {"game": game_name(variant), "low": low, "high": high},
            field="final_table_size",
        )
    if carry not in Carry.values:
        raise UserError(_("Choose how scores carry to the final table."), field="carry")


# What the set-up holds, as the model stores it. The name and dates can be put right until
# the tournament has finished (the slug stays, so links already shared keep working); the
# rest shapes every draw and result, so it is settled once round 1 is drawn.
ANYTIME_FIELDS = ("name", "starts_on", "ends_on")


SETUP_FIELDS = (
    *ANYTIME_FIELDS,
    "variant",
    "options",
    "min_table_size",
    "max_table_size",
    "rounds",
    "round_ending",
    "round_target",
    "scoring",
    "placing_points",
    "tie_breakers",
    "final_table_size",
    "carry",
    "confirmation",
)


RANKING_FIELDS = ("scoring", "placing_points", "tie_breakers")


def _normalised(fields: dict[str, Any]) -> dict[str, Any]:
    """Set-up values in the form the model stores: the name trimmed, a one-day event's
    last day filled in, plain lists and dicts for the JSON fields."""
    return {
        **fields,
        "name": fields["name"].strip(),
        "ends_on": fields["ends_on"] or fields["starts_on"],
        "options": dict(fields["options"] or {}),
        "placing_points": [int(p) for p in fields["placing_points"]],
        "tie_breakers": list(fields["tie_breakers"]),
    }


@transaction.atomic
def create_tournament(
    *,
    club: Club,
    name: str,
    starts_on: date,
    ends_on: date | None = None,
    variant: str,
    options: dict[str, Any] | None = None,
    min_table_size: int,
    max_table_size: int,
    rounds: int,
    round_ending: str,
    round_target: int,
    scoring: str = TournamentScoring.PLACING,
    placing_points: Sequence[int] = (),
    tie_breakers: Sequence[str] = (TieBreaker.WINS, TieBreaker.HEAD_TO_HEAD),
    final_table_size: int = 0,
    carry: str = Carry.FULL,
    confirmation: str = Confirmation.NONE,
    user: User | None = None,
) -> Tournament:
    values = _normalised(
        {
            "name": name,
            "starts_on": starts_on,
            "ends_on": ends_on,
            "variant": variant,
            "options": options,
            "min_table_size": min_table_size,
            "max_table_size": max_table_size,
            "rounds": rounds,
            "round_ending": round_ending,
            "round_target": round_target,
            "scoring": scoring,
            "placing_points": placing_points,
            "tie_breakers": tie_breakers,
            "final_table_size": final_table_size,
            "carry": carry,
            "confirmation": confirmation,
        }
    )
    _check_setup(**values)
    slug = free_slug(values["name"], Tournament.objects.filter(club=club), fallback="tournament")
    return Tournament.objects.create(club=club, slug=slug, created_by=user, **values)


@transaction.atomic
def update_tournament(
    *, tournament: Tournament, user: User | None = None, **fields: Any
) -> Tournament:
    """Change the set-up: any of `SETUP_FIELDS`, as `create_tournament` takes them.

    Fields left out keep their value, and so does one given unchanged, so a form may send
    the whole set-up after round 1 as long as only the name and dates differ. A new game
    with no options given plays by the club's saved rules for it, as a new tournament
    would. `user` is the director making the change (nothing records it yet).
    """
    unknown = sorted(set(fields) - set(SETUP_FIELDS))
    if unknown:
        raise TypeError(f"update_tournament() got unexpected fields: {', '.join(unknown)}")
    tournament = locked(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError(_("The tournament has finished: its set-up can no longer change."))
    current = {name: getattr(tournament, name) for name in SETUP_FIELDS}
    if fields.get("variant", tournament.variant) != tournament.variant and "options" not in fields:
        fields["options"] = default_options(club=tournament.club, variant=fields["variant"])
    values = _normalised(current | fields)
    changed = [name for name in SETUP_FIELDS if values[name] != current[name]]
    # Refused before the checks: a setting that can no longer change is what to say first.
    settled = [name for name in changed if name not in ANYTIME_FIELDS]
    if settled and tournament.status != TournamentStatus.REGISTRATION:
        raise UserError(
            _("Round 1 has been drawn: only the name and dates can change now."),
            field=settled[0],
        )
    _check_setup(**values)
    if not changed:
        return tournament
    for name in changed:
        setattr(tournament, name, values[name])
    tournament.save(update_fields=changed)
    if any(name in RANKING_FIELDS for name in changed):
        # What a place is worth, and who leads among players level on score, rank every
        # line again.
        refresh_tournament_standings(tournament_id=tournament.pk)
    return tournament


@transaction.atomic
def set_published(*, tournament: Tournament, published: bool) -> Tournament:
    tournament.published = published
    tournament.save(update_fields=["published"])
    return tournament
