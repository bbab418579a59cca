"""What the league, leaderboard and player statistics endpoints send and accept.

Rows of a table are built from what `leagues.selectors` returns (its ranks included),
so the API and the web pages can never rank a player differently. The club is the one in
the address (`self.context["club"]`): reading it from each row would cost a query a row.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.api.serializers import PlayerSerializer, link
from common import bounds
from common.bounds import WholeNumber
from leagues.models import Basis, League, SessionResult, TieBreaker
from leagues.rating_scale import POINTS_PER_UNIT, START, shown_rating
from leagues.selectors import LeaderboardRow, TableRow, VariantStats
from leagues.services.ratings import PROVISIONAL_GAMES
from scoring.models import Variant

UPDATING_HELP = "True while recorded hands are still being applied: ask again in a few seconds."
RATING_HELP = (
    f"The rating as people read it: {START} + {POINTS_PER_UNIT} x ordinal, a whole number; a "
    f"new player starts at {START}. Ranked and ordered as `ordinal`."
)
PROVISIONAL_HELP = (
    f"Fewer than {PROVISIONAL_GAMES} rated sessions: the rating may still move a lot."
)


@extend_schema_field({"type": "array", "items": {"$ref": "#/components/schemas/VariantEnum"}})
class GamesField(serializers.ListField):
    """A list of games. The schema names the one game enum that `variant` fields have
    (VariantEnum): a list field would otherwise name the same choices a second time
    (VariantsEnum), which drf-spectacular warns about."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=serializers.ChoiceField(choices=Variant.choices), **kwargs)


class ClubLinks(serializers.Serializer):
    def club_link(self, name: str, **kwargs: Any) -> str:
        return link(self, name, slug=self.context["club"].slug, **kwargs)

    def stats_link(self, player_id: int) -> str:
        # Every row of a table links its player: one reverse() a page, not one a row (the
        # list serializer reuses this instance for each row).
        template = getattr(self, "_stats_template", None)
        if template is None:
            template = self._stats_template = self.club_link("api-player-stats", player_id=0)
        return template.replace("/0/stats/", f"/{player_id}/stats/")


# -- Leagues ----------------------------------------------------------------------------------


class LeagueSerializer(ClubLinks, serializers.ModelSerializer):
    variants = GamesField(
        help_text="The games that count; empty: every game the club plays.",
    )
    marked_only = serializers.BooleanField(
        help_text="true: only sessions an organiser marked count; false: every session in the "
        "dates and games."
    )
    placing_points = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Points for 1st, 2nd, 3rd ... place at a session (the placing basis).",
    )
    tie_breakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TieBreaker.choices),
        help_text="Applied in this order to players level on the basis.",
    )
    min_sessions = serializers.IntegerField(
        help_text="Sessions a player needs for a rank; with fewer they are listed unranked."
    )
    url = serializers.SerializerMethodField()
    standings_url = serializers.SerializerMethodField()
    web_url = serializers.SerializerMethodField(help_text="The league's page in the app.")

    class Meta:
        model = League
        fields = [
            "id",
            "slug",
            "name",
            "starts_on",
            "ends_on",
            "variants",
            "marked_only",
            "basis",
            "placing_points",
            "tie_breakers",
            "min_sessions",
            "created_at",
            "url",
            "standings_url",
            "web_url",
        ]

    def get_url(self, league: League) -> str:
        return self.club_link("api-league-detail", league_slug=league.slug)

    def get_standings_url(self, league: League) -> str:
        return self.club_link("api-league-standings", league_slug=league.slug)

    def get_web_url(self, league: League) -> str:
        return self.club_link("league-detail", league_slug=league.slug)


class LeagueDetailSerializer(LeagueSerializer):
    updating = serializers.SerializerMethodField(help_text=UPDATING_HELP)

    class Meta(LeagueSerializer.Meta):
        fields = LeagueSerializer.Meta.fields + ["updating"]

    def get_updating(self, league: League) -> bool:
        return bool(self.context.get("updating", False))


class LeagueBodySerializer(serializers.Serializer):
    """A league's rules, as `create_league` and `update_league` take them.

    Left-out optional fields take the services' defaults on a POST or a PUT, and keep the
    league's current rules on a PATCH.
    """

    name = serializers.CharField(max_length=120)
    starts_on = serializers.DateField(help_text="The first day that counts (YYYY-MM-DD).")
    ends_on = serializers.DateField(help_text="The last day that counts, included.")
    variants = GamesField(
        required=False,
        max_length=len(Variant.choices),
        help_text="The games that count; empty or left out: every game.",
    )
    marked_only = serializers.BooleanField(
        required=False,
        help_text="true: only sessions an organiser marks count (default false).",
    )
    basis = serializers.ChoiceField(
        choices=Basis.choices, required=False, help_text="How the table is ranked (points)."
    )
    placing_points = serializers.ListField(
        child=WholeNumber(max_value=bounds.PLACING_POINTS),
        required=False,
        max_length=bounds.PLACES,
        help_text="Points for 1st, 2nd, 3rd ... place; required with the placing basis.",
    )
    tie_breakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TieBreaker.choices),
        required=False,
        max_length=len(TieBreaker.choices),
        help_text="In order, each once (default wins, then average).",
    )
    min_sessions = WholeNumber(
        max_value=bounds.MIN_SESSIONS,
        required=False,
        help_text="Sessions a player needs for a rank (default 0).",
    )


def league_rules(league: League) -> dict[str, Any]:
    """The league's current rules, as `update_league` takes them (a PATCH starts here)."""
    return {
        "name": league.name,
        "starts_on": league.starts_on,
        "ends_on": league.ends_on,
        "variants": list(league.variants),
        "marked_only": league.marked_only,
        "basis": league.basis,
        "placing_points": list(league.placing_points),
        "tie_breakers": list(league.tie_breakers),
        "min_sessions": league.min_sessions,
    }


class MarkSerializer(ClubLinks):
    session_id = serializers.IntegerField()
    counts = serializers.BooleanField(
        help_text="Whether the session is marked to count for the league."
    )
    session_url = serializers.SerializerMethodField()

    def get_session_url(self, mark: dict[str, Any]) -> str:
        return self.club_link("api-session-detail", session_id=mark["session_id"])


# -- Tables -----------------------------------------------------------------------------------


class StandingRowSerializer(ClubLinks):
    """A player's line in the league table, in the table's order."""

    rank = serializers.IntegerField(
        allow_null=True,
        help_text="1 is the top; players level after every tie-breaker share a rank. Null: "
        "too few sessions for a rank yet.",
    )
    player_id = serializers.IntegerField(source="standing.player_id")
    name = serializers.CharField(source="standing.player.name")
    sessions = serializers.IntegerField(source="standing.sessions")
    points = serializers.IntegerField(source="standing.points")
    hands_won = serializers.IntegerField(source="standing.hands_won")
    sessions_won = serializers.IntegerField(source="standing.sessions_won")
    placing_points = serializers.IntegerField(source="standing.placing_points")
    average = serializers.SerializerMethodField(help_text="Points per session, two decimals.")
    last_played_at = serializers.DateTimeField(
        source="standing.last_played_at",
        allow_null=True,
        help_text="When the player's latest finished session in the league ended.",
    )
    stats_url = serializers.SerializerMethodField()

    def get_average(self, row: TableRow) -> float:
        return round(row.standing.average, 2)

    def get_stats_url(self, row: TableRow) -> str:
        return self.stats_link(row.standing.player_id)


class LeaderboardRowSerializer(ClubLinks):
    rank = serializers.IntegerField(help_text="1 is the highest conservative rating.")
    player_id = serializers.IntegerField(source="rating.player_id")
    name = serializers.CharField(source="rating.player.name")
    ordinal = serializers.FloatField(
        source="rating.ordinal",
        help_text="The conservative rating the board is ranked by: mu less three sigma.",
    )
    mu = serializers.FloatField(source="rating.mu", help_text="The estimated skill.")
    sigma = serializers.FloatField(
        source="rating.sigma", help_text="How uncertain the estimate is."
    )
    games = serializers.IntegerField(source="rating.games", help_text="Rated sessions.")
    provisional = serializers.BooleanField(help_text=PROVISIONAL_HELP)
    stats_url = serializers.SerializerMethodField()
    rating = serializers.SerializerMethodField(help_text=RATING_HELP)

    def get_rating(self, row: LeaderboardRow) -> int:
        return shown_rating(row.rating.ordinal)

    def get_stats_url(self, row: LeaderboardRow) -> str:
        return self.stats_link(row.rating.player_id)


# -- A player's statistics --------------------------------------------------------------------


class VariantStatsSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=Variant.choices)
    variant_name = serializers.SerializerMethodField()
    sessions = serializers.IntegerField(help_text="Sessions played, finished or not.")
    wins = serializers.IntegerField(help_text="Finished sessions the player won (shared too).")
    points = serializers.IntegerField()
    hands_won = serializers.IntegerField()
    average = serializers.SerializerMethodField(help_text="Points per session, two decimals.")

    def get_variant_name(self, stats: VariantStats) -> str:
        return Variant(stats.variant).label

    def get_average(self, stats: VariantStats) -> float:
        return round(stats.average, 2)


class BestHandSerializer(ClubLinks):
    session_id = serializers.IntegerField()
    variant = serializers.ChoiceField(choices=Variant.choices)
    hand_number = serializers.IntegerField(
        source="best_hand_number",
        help_text="The hand as its session shows it (1, 2, 3 ... over the counted hands).",
    )
    points = serializers.IntegerField(source="best_hand", help_text="The player's score in it.")
    played_at = serializers.DateTimeField(
        help_text="When the session finished (or started, if it goes on)."
    )
    session_url = serializers.SerializerMethodField()

    def get_session_url(self, result: SessionResult) -> str:
        return self.club_link("api-session-detail", session_id=result.session_id)


class PlayerRatingSerializer(ClubLinks):
    variant = serializers.ChoiceField(choices=Variant.choices)
    ordinal = serializers.FloatField(help_text="The conservative rating: mu less three sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated sessions.")
    provisional = serializers.SerializerMethodField(help_text=PROVISIONAL_HELP)
    leaderboard_url = serializers.SerializerMethodField()
    rating = serializers.SerializerMethodField(help_text=RATING_HELP)
    on_leaderboard = serializers.SerializerMethodField(
        help_text="False while the player has had no rated session of the game within the "
        "club's window: the rating is kept, and shows on the leaderboard again after the "
        "player's next rated session."
    )

    def get_rating(self, rating: Any) -> int:
        return shown_rating(rating.ordinal)

    def get_on_leaderboard(self, rating: Any) -> bool:
        return bool(self.context.get("listed", {}).get(rating.variant, False))

    def get_provisional(self, rating: Any) -> bool:
        return rating.games < PROVISIONAL_GAMES

    def get_leaderboard_url(self, rating: Any) -> str:
        return self.club_link("api-leaderboard", variant=rating.variant)


class RatingChangeSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=Variant.choices)
    session_id = serializers.IntegerField()
    rated_at = serializers.DateTimeField(help_text="When the session finished.")
    ordinal = serializers.FloatField(help_text="The conservative rating after the session.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    rating = serializers.SerializerMethodField(help_text=RATING_HELP)

    def get_rating(self, change: Any) -> int:
        return shown_rating(change.ordinal)


class PlayerStatsSerializer(serializers.Serializer):
    player = PlayerSerializer()
    updating = serializers.BooleanField(help_text=UPDATING_HELP)
    provisional_games = serializers.IntegerField(
        help_text="Rated sessions a rating needs to stop being provisional."
    )
    by_variant = VariantStatsSerializer(many=True, help_text="One line per game played.")
    best_hands = BestHandSerializer(
        many=True, help_text="The sessions holding the player's best single hands, best first."
    )
    ratings = PlayerRatingSerializer(many=True, help_text="One per game with a rating.")
    rating_history = RatingChangeSerializer(
        many=True,
        source="history",
        help_text="The rating after each rated session, by game, oldest first.",
    )
