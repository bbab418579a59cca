"""What the tournament endpoints send and accept.

Tables and standings are serialized from what `tournaments.selectors` and
`tournament_standings` return, so the API, the public pages and the projector can never
show a different draw, total or rank. Links use the club, tournament and round in the
address (`self.context["club"]`, `["tournament"]`, `["round"]`): reading them from each row
would cost a query a row.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.api.serializers import link
from clubs.models import Confirmation
from common import bounds
from common.bounds import WholeNumber
from leagues.api.pagination import UPDATING_HELP
from leagues.models import TieBreaker
from tournaments.models import (
    Carry,
    Entry,
    Round,
    RoundEnding,
    RoundKind,
    Tournament,
    TournamentScoring,
)
from tournaments.selectors import RoundState, TableState, round_title
from tournaments.standings import Line

RELEASED_HELP = (
    "Whether the organiser has released the public pages: a released tournament can be read "
    "by anyone, even when its club is private."
)


class TournamentLinks(serializers.Serializer):
    def tournament_link(self, name: str, tournament: Tournament, **kwargs: Any) -> str:
        return link(
            self,
            name,
            slug=self.context["club"].slug,
            tournament_slug=tournament.slug,
            **kwargs,
        )

    def round_link(self, round_: Round) -> str:
        return self.tournament_link(
            "api-tournament-round", self.context["tournament"], number=round_.number
        )


# -- Tournaments ------------------------------------------------------------------------------


class TournamentSerializer(TournamentLinks, serializers.ModelSerializer):
    variant_name = serializers.CharField(source="get_variant_display", read_only=True)
    # Plain strings, as every other status in the API: several enums called "status" would
    # collide in the schema's components.
    status = serializers.CharField(
        help_text="registration, running (rounds in play), final (the final table) or finished.",
    )
    published = serializers.BooleanField(help_text=RELEASED_HELP)
    entries = serializers.IntegerField(
        source="entry_count", help_text="Players entered (withdrawn ones included)."
    )
    url = serializers.SerializerMethodField()
    public_url = serializers.SerializerMethodField(
        help_text="The public page in the app (found only once released)."
    )

    class Meta:
        model = Tournament
        fields = [
            "id",
            "slug",
            "name",
            "starts_on",
            "ends_on",
            "variant",
            "variant_name",
            "status",
            "published",
            "entries",
            "url",
            "public_url",
        ]

    def get_url(self, tournament: Tournament) -> str:
        return self.tournament_link("api-tournament-detail", tournament)

    def get_public_url(self, tournament: Tournament) -> str:
        return self.tournament_link("tournament-public", tournament)


class EntryCountsSerializer(serializers.Serializer):
    entered = serializers.IntegerField(help_text="Players entered, withdrawn ones included.")
    checked_in = serializers.IntegerField()
    withdrawn = serializers.IntegerField()
    finalists = serializers.IntegerField(help_text="Players seated at the final table.")


class RoundSummarySerializer(TournamentLinks):
    number = serializers.IntegerField(help_text="1, 2, ...; the final table comes last.")
    kind = serializers.ChoiceField(choices=RoundKind.choices)
    status = serializers.CharField(help_text="drawn, started (in play) or finished.")
    swiss = serializers.BooleanField(help_text="Seated by the standings rather than at random.")
    # A count here; `RoundSerializer` lists the tables themselves under the same name.
    tables: serializers.Field[Any, Any, Any, Any] = serializers.IntegerField(source="table_count")
    url = serializers.SerializerMethodField()

    def get_url(self, round_: Round) -> str:
        return self.round_link(round_)


class TournamentDetailSerializer(TournamentSerializer):
    """A tournament's set-up, where it stands, and links to its entries, rounds and table."""

    options = serializers.DictField(help_text="The game's options, as every table plays them.")
    round_ending = serializers.ChoiceField(
        choices=RoundEnding.choices,
        help_text="deals (each player deals round_target times), hands, or minutes.",
    )
    scoring = serializers.ChoiceField(
        choices=TournamentScoring.choices,
        help_text="placing: placing_points by place at the table; points: game points carried.",
    )
    placing_points = serializers.ListField(
        child=serializers.IntegerField(), help_text="Points for 1st, 2nd, 3rd ... at a table."
    )
    tie_breakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TieBreaker.choices),
        help_text="Applied in this order to players level on score.",
    )
    final_table_size = serializers.IntegerField(help_text="0: no final table.")
    carry = serializers.ChoiceField(
        choices=Carry.choices, help_text="How scores carry to the final table."
    )
    confirmation = serializers.ChoiceField(
        choices=Confirmation.choices,
        help_text="Who confirms each hand at the tables: none (a second player confirms each "
        "table's result), any or every.",
    )
    entry_counts = EntryCountsSerializer(source="counts")
    drawn_rounds = RoundSummarySerializer(
        many=True, source="round_summaries", help_text="The rounds drawn so far, the final last."
    )
    entries_url = serializers.SerializerMethodField()
    rounds_url = serializers.SerializerMethodField()
    standings_url = serializers.SerializerMethodField()

    class Meta(TournamentSerializer.Meta):
        fields = TournamentSerializer.Meta.fields + [
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
            "created_at",
            "entry_counts",
            "drawn_rounds",
            "entries_url",
            "rounds_url",
            "standings_url",
        ]
        extra_kwargs = {
            "rounds": {"help_text": "Rounds before the final table."},
            "round_target": {"help_text": "Deals per player, hands, or minutes a round lasts."},
        }

    def get_entries_url(self, tournament: Tournament) -> str:
        return self.tournament_link("api-tournament-entries", tournament)

    def get_rounds_url(self, tournament: Tournament) -> str:
        return self.tournament_link("api-tournament-rounds", tournament)

    def get_standings_url(self, tournament: Tournament) -> str:
        return self.tournament_link("api-tournament-standings", tournament)


# -- Entries ----------------------------------------------------------------------------------


class EntrySerializer(serializers.ModelSerializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="player.name")
    is_guest = serializers.BooleanField(source="player.is_guest")
    entered_round = serializers.IntegerField(
        help_text="The first round the player can be drawn into (later for a late entry)."
    )
    withdrawn = serializers.SerializerMethodField()
    withdrawn_after_round = serializers.IntegerField(
        allow_null=True,
        help_text="The last round played before withdrawing (0: before round 1); null if not.",
    )
    carried = serializers.IntegerField(
        allow_null=True,
        help_text="The score taken to the final table; null: not at the final table.",
    )

    class Meta:
        model = Entry
        fields = [
            "player_id",
            "name",
            "is_guest",
            "checked_in",
            "entered_round",
            "withdrawn",
            "withdrawn_after_round",
            "carried",
            "created_at",
        ]

    def get_withdrawn(self, entry: Entry) -> bool:
        return not entry.active


class RegisterSerializer(serializers.Serializer):
    """Enter one of the club's players, or a new guest by name (one of the two)."""

    player = WholeNumber(
        max_value=bounds.ID, required=False, help_text="The id of one of the club's players."
    )
    guest_name = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=60,
        help_text="A new guest's name (unique in the club, whatever the capitals).",
    )


class CheckInSerializer(serializers.Serializer):
    present = serializers.BooleanField(
        default=True, help_text="true: the player is here (the default); false: undo it."
    )


# -- Rounds and tables ------------------------------------------------------------------------


class TableSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="0 is the first seat; seats run clockwise.")
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField(
        source="points",
        allow_null=True,
        help_text="The running total at the table; null until the round starts.",
    )


class TablePlayerSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()


class RoundTableSerializer(TournamentLinks):
    """A table of a round, the same in the round's answer and on its own."""

    number = serializers.IntegerField(help_text="Table 1 first.")
    seats = TableSeatSerializer(many=True, help_text="In seat order.")
    first_dealer = serializers.IntegerField(help_text="The seat position that deals first.")
    session_id = serializers.IntegerField(
        allow_null=True, help_text="The table's scoring session; null until the round starts."
    )
    session_url = serializers.SerializerMethodField(
        help_text="The session in the API, where its hands are recorded and read; null until "
        "the round starts."
    )
    hands = serializers.IntegerField(help_text="Hands counted so far.")
    finished = serializers.BooleanField()
    confirmed = serializers.BooleanField(
        help_text="A second player at the table has confirmed the finished result."
    )
    confirmed_by = serializers.SerializerMethodField(
        help_text="The player at the table who confirmed it; null until confirmed (or if "
        "their account no longer belongs to one of the table's players)."
    )
    confirmed_at = serializers.DateTimeField(allow_null=True)
    url = serializers.SerializerMethodField()  # from `self.context["round"]`, the table's round

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_session_url(self, table: TableState) -> str | None:
        if table.session_id is None:
            return None
        return link(
            self, "api-session-detail", slug=self.context["club"].slug, session_id=table.session_id
        )

    @extend_schema_field(TablePlayerSerializer(allow_null=True))
    def get_confirmed_by(self, table: TableState) -> dict[str, Any] | None:
        seat = next((s for s in table.seats if s.player_id == table.confirmed_by), None)
        return None if seat is None else {"player_id": seat.player_id, "name": seat.name}

    def get_url(self, table: TableState) -> str:
        return self.tournament_link(
            "api-tournament-table",
            self.context["tournament"],
            number=self.context["round"].number,
            table=table.number,
        )


class RoundSerializer(RoundSummarySerializer):
    """A round of the tournament with its tables, seat by seat."""

    # (The view puts every table of the page in `self.context["tables"]`, read in one go.)

    title = serializers.SerializerMethodField()
    tables = serializers.SerializerMethodField()
    public_url = serializers.SerializerMethodField(help_text="The round's public page.")

    def get_title(self, round_: Round) -> str:
        return round_title(round_)

    @extend_schema_field(RoundTableSerializer(many=True))
    def get_tables(self, round_: Round) -> list[dict[str, Any]]:
        tables: list[TableState] = self.context["tables"].get(round_.pk, [])
        # many=True makes a ListSerializer, whose data is a list; the stubs type every
        # serializer's data as a dict.
        return RoundTableSerializer(  # type: ignore[return-value]
            tables, many=True, context={**self.context, "round": round_}
        ).data

    def get_public_url(self, round_: Round) -> str:
        return self.tournament_link(
            "tournament-public-round", self.context["tournament"], number=round_.number
        )


def round_data(view: RoundState, context: dict[str, Any]) -> dict[str, Any]:
    return RoundSerializer(
        view.round, context={**context, "tables": {view.round.pk: view.tables}}
    ).data


class DrawSerializer(serializers.Serializer):
    swiss = serializers.BooleanField(
        default=False,
        help_text="true: seat players by the current standings; false (the default): at "
        "random, with as few repeat opponents as can be found.",
    )


class SwapSerializer(serializers.Serializer):
    first = WholeNumber(max_value=bounds.ID, help_text="The player id of one of the two.")
    second = WholeNumber(max_value=bounds.ID, help_text="The player id of the other.")


# -- Standings --------------------------------------------------------------------------------


class PlayerRefSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(source="player.pk")
    name = serializers.CharField(source="player.name")


class StandingLineSerializer(PlayerRefSerializer):
    rank = serializers.IntegerField(help_text="1 is the top; players level share a rank.")
    score = serializers.IntegerField(help_text="The tournament score the table is ranked by.")
    played = serializers.IntegerField(help_text="Tables played (or in play).")
    wins = serializers.IntegerField(help_text="Finished tables won.")
    game_points = serializers.IntegerField(help_text="Game points over the tables played.")
    withdrawn = serializers.BooleanField()


class FinalLineSerializer(StandingLineSerializer):
    carried = serializers.IntegerField(help_text="The score brought to the final table.")


class RoundLineSerializer(PlayerRefSerializer):
    rank = serializers.IntegerField()
    score = serializers.IntegerField(help_text="What the round adds to the player's score.")
    table = serializers.SerializerMethodField()
    place = serializers.SerializerMethodField(help_text="Place at the table (tied share one).")
    game_points = serializers.IntegerField()
    finished = serializers.SerializerMethodField(help_text="false: the table is still playing.")

    def get_table(self, line: Line) -> int:
        return line.scores[0].table_number

    def get_place(self, line: Line) -> int:
        return line.scores[0].place

    def get_finished(self, line: Line) -> bool:
        return line.scores[0].finished


class RoundStandingsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    lines = RoundLineSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    status = serializers.CharField(help_text="registration, running, final or finished.")
    updating = serializers.BooleanField(help_text=UPDATING_HELP)
    winner = PlayerRefSerializer(
        allow_null=True,
        help_text="The winner once decided: the final table's first, or without a final "
        "table the top of the overall standings when the tournament has finished.",
    )
    winners = PlayerRefSerializer(
        many=True,
        help_text="Everyone level on top of a finished tournament without a final table "
        "(one player otherwise); empty until decided.",
    )
    overall = StandingLineSerializer(
        many=True, help_text="Every entry over the rounds before the final, best first."
    )
    rounds = RoundStandingsSerializer(many=True, help_text="Each round's standings, round 1 first.")
    final = FinalLineSerializer(
        many=True, help_text="The final table (carried score plus the final), best first."
    )
