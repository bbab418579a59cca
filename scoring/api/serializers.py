"""What the session and hand endpoints send and accept.

Seats are named by position (0 is the first seat, clockwise); in scores, totals and ledgers
the keys are those positions as strings, as the rules engine's ledger stores them.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.api.serializers import link
from clubs.models import Confirmation
from clubs.services import display_name
from common import bounds
from common.bounds import WholeNumber
from scoring.formats import DEFAULT_POOL_LIMIT
from scoring.hand_entry import DECLARED, DROPS, HandEntry, SeatEntry
from scoring.models import (
    Ending,
    Format,
    GameSession,
    HandVersion,
    Outcome,
    PotSplit,
    Seat,
    Variant,
    Verdict,
)
from scoring.selectors import Board, HandRow, pool_rules
from scoring.services.seats import ACTIONS
from scoring.services.sessions import DRAW, PoolSetup
from scoring.settlement import fewest_payments

# -- Out ---------------------------------------------------------------------------------------

POINTS_BY_SEAT = serializers.DictField(
    child=serializers.IntegerField(), help_text="Points by seat position."
)


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(
        help_text="Names the seat in every hand's entry and ledger; the first players' run "
        "clockwise from 0, a later one gets the next free number."
    )
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField(help_text="The seat's total over every counted hand.")
    place = serializers.IntegerField(
        help_text="Where the seat is round the table (the deal follows it); a substitute "
        "has the place of the player they replaced."
    )
    seated = serializers.BooleanField(help_text="False once the player has left the table.")


def seat_rows(seats: list[Seat], totals: dict[int, int]) -> list[dict[str, Any]]:
    return [
        {
            "position": seat.position,
            "player_id": seat.player_id,
            "name": seat.player.name,
            "total": totals.get(seat.position, 0),
            "place": seat.place,
            "seated": seat.seated,
        }
        for seat in seats
    ]


class PoolSerializer(serializers.Serializer):
    limit = serializers.IntegerField(help_text="A player whose score reaches it is out.")
    rejoins = serializers.IntegerField(help_text="How often one player may rejoin (0: never).")
    rejoin_below = serializers.IntegerField(
        help_text="Rejoining is open while the highest score in play is below this."
    )
    entry_fee = serializers.IntegerField()
    pot = serializers.IntegerField(help_text="Every entry and rejoin's fee.")
    scores = POINTS_BY_SEAT
    in_play = serializers.ListField(child=serializers.IntegerField())
    out_at = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Seat position -> the hand (1, 2, 3 ... as shown) in which they went out.",
    )
    rejoined = serializers.DictField(child=serializers.IntegerField())
    winner = serializers.IntegerField(allow_null=True, help_text="The last player in.")


def pool_data(board: Board) -> dict[str, Any] | None:
    pool = board.pool
    if pool is None:
        return None
    rules = pool_rules(board.session)
    return {
        "limit": rules.limit,
        "rejoins": rules.rejoins,
        "rejoin_below": rules.rejoin_below,
        "entry_fee": rules.entry_fee,
        "pot": pool.pot(rules),
        "scores": _points(pool.scores),
        "in_play": sorted(pool.in_play),
        "out_at": _points(pool.out_at),
        "rejoined": _points(pool.rejoins),
        "winner": pool.winner,
    }


class PotPaymentSerializer(serializers.Serializer):
    payer = serializers.IntegerField(help_text="Seat position.")
    payee = serializers.IntegerField(help_text="Seat position.")
    amount = serializers.IntegerField(help_text="Money.")


class PotSerializer(serializers.Serializer):
    """A pool's money: its pot, what each seat paid in and takes out, and who pays whom."""

    total = serializers.IntegerField(help_text="Every entry and rejoin's fee.")
    entry_fee = serializers.IntegerField()
    fees = serializers.DictField(
        child=serializers.IntegerField(), help_text="Fees each seat paid in, by position."
    )
    split = serializers.CharField(
        allow_null=True,
        help_text="null while unsettled; winner (the last player in takes it), equal or "
        "amounts (the players still in stopped and split it).",
    )
    shares = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="What each seat takes out, by position; empty while unsettled.",
    )
    money = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Each seat's share less its fees, by position; they sum to 0 (all 0 while "
        "unsettled).",
    )
    payments = PotPaymentSerializer(many=True, help_text="Who pays whom, in the fewest payments.")


def pot_data(board: Board) -> dict[str, Any] | None:
    pot = board.pot
    if pot is None:
        return None
    money = pot.money
    return {
        "total": pot.total,
        "entry_fee": pot.entry_fee,
        "fees": _points(pot.fees),
        "split": pot.split or None,
        "shares": _points(pot.shares),
        "money": _points(money),
        "payments": [
            {"payer": p.payer, "payee": p.payee, "amount": p.amount} for p in fewest_payments(money)
        ],
    }


class SeatChangeSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="joined, left, substitute or rejoined.")
    position = serializers.IntegerField(source="seat.position")
    replaced = serializers.IntegerField(
        source="replaced.position", allow_null=True, default=None, help_text="For a substitute."
    )
    after_number = serializers.IntegerField(
        help_text="Applies from the hand after the one with this stored number."
    )
    pool_score = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()


def _points(values: dict[int, int]) -> dict[str, int]:
    return {str(position): points for position, points in sorted(values.items())}


class SessionLinks(serializers.Serializer):
    """Links of a session; `self.context["club"]` is the club in the address."""

    def session_link(self, name: str, session: GameSession, **kwargs: Any) -> str:
        return link(self, name, slug=self.context["club"].slug, session_id=session.pk, **kwargs)


class SessionListSerializer(SessionLinks):
    """A session in a list: what a club's website shows in a table of games."""

    id = serializers.IntegerField()
    url = serializers.SerializerMethodField()
    web_url = serializers.SerializerMethodField(help_text="The session's page in the app.")
    variant = serializers.ChoiceField(choices=Variant.choices)
    variant_name = serializers.CharField(source="get_variant_display")
    status = serializers.CharField(help_text="active or finished.")
    revision = serializers.IntegerField()
    ending = serializers.ChoiceField(choices=Ending.choices)
    ending_target = serializers.IntegerField(allow_null=True)
    stake_per_point = serializers.IntegerField()
    format = serializers.ChoiceField(choices=Format.choices)
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    hand_count = serializers.IntegerField(help_text="Hands dealt (void hands included).")
    seats = serializers.SerializerMethodField()

    def get_url(self, session: GameSession) -> str:
        return self.session_link("api-session-detail", session)

    def get_web_url(self, session: GameSession) -> str:
        return self.session_link("session-detail", session)

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, session: GameSession) -> list[dict[str, Any]]:
        # Seats come from the list's prefetch and totals from selectors.attach_totals.
        return seat_rows(list(session.seats.all()), session.totals)


class HandRowSerializer(SessionLinks):
    """A counted hand in the session's table, with the running totals after it."""

    number = serializers.IntegerField(help_text="The hand's number in URLs (undone ones skipped).")
    shown_number = serializers.IntegerField(help_text="1, 2, 3 ... over the counted hands.")
    dealer = serializers.IntegerField(help_text="Seat position of the dealer.")
    status = serializers.CharField(help_text="played or void.")
    version = serializers.IntegerField(help_text="1, or higher after corrections.")
    winner = serializers.IntegerField(allow_null=True, help_text="Seat position; null if void.")
    scores = serializers.SerializerMethodField()
    running = serializers.SerializerMethodField()
    ledger = serializers.JSONField(help_text="The rules engine's ledger, players by position.")
    entry = serializers.SerializerMethodField()
    check = serializers.SerializerMethodField(
        help_text="Where the hand stands with the players asked to confirm it: entered, "
        'confirmed, disputed or decided; "" when the session asks no one.'
    )
    waiting = serializers.SerializerMethodField(
        help_text="The seat positions whose answer it still waits for."
    )
    url = serializers.SerializerMethodField()

    def get_check(self, row: HandRow) -> str:
        state = self.context.get("states", {}).get(row.number)
        return state.state if state else ""

    def get_waiting(self, row: HandRow) -> list[int]:
        state = self.context.get("states", {}).get(row.number)
        return list(state.waiting) if state else []

    @extend_schema_field(POINTS_BY_SEAT)
    def get_scores(self, row: HandRow) -> dict[str, int]:
        return _points(row.scores)

    @extend_schema_field(POINTS_BY_SEAT)
    def get_running(self, row: HandRow) -> dict[str, int]:
        return _points(row.running)

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_entry(self, row: HandRow) -> dict[str, Any]:
        entry = row.entry.as_json()
        if self.context["session"].variant == "marriage":
            # A Marriage winner has shown their maal, so has seen the tiplu: the panel never
            # asks (its Seen box is for the others), and the stored entry says False.
            for seat in entry["seats"]:
                seat["seen"] = seat["seen"] or seat["result"] == "won"
        return entry

    def get_url(self, row: HandRow) -> str:
        return self.session_link("api-hand-detail", self.context["session"], number=row.number)


class SessionStateSerializer(SessionLinks):
    """Where the session stands: sent after every change, and with every conflict."""

    id = serializers.IntegerField(source="session.pk")
    url = serializers.SerializerMethodField()
    status = serializers.CharField(source="session.status", help_text="active or finished.")
    revision = serializers.IntegerField(
        source="session.revision", help_text="Send it with a change to refuse stale changes."
    )
    hands_counted = serializers.IntegerField(source="hands_dealt")
    confirmation = serializers.ChoiceField(
        source="session.confirmation",
        choices=Confirmation.choices,
        help_text="Who confirms each hand: none, any (other player in it) or every (player).",
    )
    disputed_hands = serializers.IntegerField(
        source="session.disputed_hands",
        help_text="Hands disputed and not yet settled: the session cannot end meanwhile.",
    )
    history_code = serializers.CharField(
        source="session.history_code",
        help_text=(
            "The head of the session's hash chain as a short code (docs/scoring.md): any "
            "change to its stored hands gives another. Empty before the first hand."
        ),
    )
    next_dealer = serializers.SerializerMethodField(help_text="Seat position; null when ended.")
    first_to_play = serializers.SerializerMethodField(help_text="Seat position; null when ended.")
    leaders = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seat positions with the highest total."
    )
    seats = serializers.SerializerMethodField()
    playing = serializers.SerializerMethodField(
        help_text="Seat positions dealt into the next hand: seated, and in a pool still in it."
    )
    format = serializers.ChoiceField(source="session.format", choices=Format.choices)
    pool = serializers.SerializerMethodField(help_text="A pool's state; null otherwise.")
    pot = serializers.SerializerMethodField(
        help_text="A pool's money (it has no points settlement); null otherwise."
    )
    chips = serializers.SerializerMethodField(
        help_text="Deals: each seat's chips now, by position; null otherwise."
    )

    def get_url(self, board: Board) -> str:
        return self.session_link("api-session-detail", board.session)

    def get_playing(self, board: Board) -> list[int]:
        return sorted(board.playing)

    @extend_schema_field(PoolSerializer(allow_null=True))
    def get_pool(self, board: Board) -> dict[str, Any] | None:
        return pool_data(board)

    @extend_schema_field(PotSerializer(allow_null=True))
    def get_pot(self, board: Board) -> dict[str, Any] | None:
        return pot_data(board)

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField(), allow_null=True))
    def get_chips(self, board: Board) -> dict[str, int] | None:
        return None if board.chips is None else _points(board.chips)

    def get_next_dealer(self, board: Board) -> int | None:
        return board.next_dealer if board.session.is_active else None

    def get_first_to_play(self, board: Board) -> int | None:
        return board.first_to_play if board.session.is_active else None

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, board: Board) -> list[dict[str, Any]]:
        return seat_rows(board.seats, board.totals)


class SessionDetailSerializer(SessionStateSerializer):
    """Everything the table screen shows: seats, totals, turn and every counted hand."""

    web_url = serializers.SerializerMethodField()
    hands_url = serializers.SerializerMethodField()
    variant = serializers.ChoiceField(source="session.variant", choices=Variant.choices)
    variant_name = serializers.CharField(source="session.get_variant_display")
    options = serializers.JSONField(source="session.options")
    ending = serializers.ChoiceField(source="session.ending", choices=Ending.choices)
    ending_target = serializers.IntegerField(source="session.ending_target", allow_null=True)
    ended_early = serializers.BooleanField(source="session.ended_early")
    first_dealer = serializers.IntegerField(source="session.first_dealer")
    stake_per_point = serializers.IntegerField(source="session.stake_per_point")
    started_at = serializers.DateTimeField(source="session.started_at")
    finished_at = serializers.DateTimeField(source="session.finished_at", allow_null=True)
    starting_chips = serializers.IntegerField(source="session.chips", allow_null=True)
    seat_changes = SeatChangeSerializer(source="changes", many=True)
    hands = serializers.SerializerMethodField()

    def get_web_url(self, board: Board) -> str:
        return self.session_link("session-detail", board.session)

    def get_hands_url(self, board: Board) -> str:
        return self.session_link("api-hand-list", board.session)

    @extend_schema_field(HandRowSerializer(many=True))
    def get_hands(self, board: Board) -> list[dict[str, Any]]:
        context = {**self.context, "session": board.session}
        # many=True makes a ListSerializer, whose data is a list; the stubs type the call as
        # the single serializer, whose data is a dict.
        return HandRowSerializer(board.rows, many=True, context=context).data  # type: ignore[return-value]


class DealerDrawSerializer(serializers.Serializer):
    high_seat = serializers.IntegerField(help_text="Who drew the highest card.")
    dealer = serializers.IntegerField()
    cards = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Every card each seat drew, redraws included, by position.",
    )


class StartedSessionSerializer(SessionDetailSerializer):
    draw = serializers.SerializerMethodField(help_text='The draw, when first_dealer was "draw".')

    @extend_schema_field(DealerDrawSerializer(allow_null=True))
    def get_draw(self, board: Board) -> dict[str, Any] | None:
        draw = self.context.get("draw")
        if draw is None:
            return None
        cards = {str(position): cards for position, cards in sorted(draw.cards.items())}
        return {"high_seat": draw.high_seat, "dealer": draw.dealer, "cards": cards}


class HandVersionSerializer(SessionLinks):
    """One version of a hand: what was entered, what it scored, who made it and why."""

    number = serializers.IntegerField(source="hand.number")
    version = serializers.IntegerField()
    status = serializers.CharField(help_text="played, void, or removed (undone).")
    is_current = serializers.BooleanField()
    scores = serializers.SerializerMethodField()
    ledger = serializers.JSONField()
    entry = serializers.JSONField()
    reason = serializers.CharField(help_text="Why it was changed; empty for the first version.")
    client_key = serializers.UUIDField(help_text="The idempotency key it was stored with.")
    created_by = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    digest = serializers.CharField(
        help_text="SHA-256 of this version and of the record before it (docs/scoring.md)."
    )
    url = serializers.SerializerMethodField()

    @extend_schema_field(POINTS_BY_SEAT)
    def get_scores(self, version: HandVersion) -> dict[str, int]:
        return dict(version.ledger.get("scores", {}))

    def get_created_by(self, version: HandVersion) -> str:
        user = version.created_by
        return display_name(user) if user is not None else _("A removed account")

    def get_url(self, version: HandVersion) -> str:
        return self.session_link(
            "api-hand-detail", self.context["session"], number=version.hand.number
        )


class VersionAnswerSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="The seat answered for.")
    verdict = serializers.ChoiceField(choices=Verdict.choices)
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()
    digest = serializers.CharField()


class VersionDecisionSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=Outcome.choices)
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()
    digest = serializers.CharField()


class HandVersionHistorySerializer(HandVersionSerializer):
    """A version in its hand's history: with the players' answers and any decision."""

    answers = VersionAnswerSerializer(source="checks", many=True)
    decision = serializers.SerializerMethodField()

    @extend_schema_field(VersionDecisionSerializer(allow_null=True))
    def get_decision(self, version: HandVersion) -> dict[str, Any] | None:
        decided = getattr(version, "decision", None)
        return None if decided is None else VersionDecisionSerializer(decided).data


class HandHistorySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    shown_number = serializers.IntegerField(
        allow_null=True, help_text="Its place among the counted hands; null once undone."
    )
    dealer = serializers.IntegerField()
    current = HandVersionHistorySerializer()
    versions = HandVersionHistorySerializer(many=True, help_text="Every version, newest first.")


class HandChangeSerializer(serializers.Serializer):
    hand = HandVersionSerializer(help_text="The version stored (or stored before, on a repeat).")
    session = SessionStateSerializer()


# -- In ----------------------------------------------------------------------------------------


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 0},
            {"type": "string", "enum": [DRAW]},
        ],
        "description": 'A seat position, or "draw" to draw cards for the deal.',
    }
)
class FirstDealerField(serializers.Field):
    default_error_messages = {
        "invalid": gettext_lazy(
            # Translators: "draw" is the API's word for drawing cards for the deal: keep it
            'Give the first dealer\'s seat position (0 is the first seat) or "draw".'
        )
    }

    def to_internal_value(self, data: Any) -> int | str:
        if data == DRAW:
            return DRAW
        if isinstance(data, int) and not isinstance(data, bool) and 0 <= data <= bounds.POSITION:
            return data
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


class StartSessionSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=Variant.choices)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="The rules engine's options for the game; omitted ones take its defaults.",
    )
    player_ids = serializers.ListField(
        child=WholeNumber(min_value=1, max_value=bounds.ID),
        help_text="The club's player ids, seat by seat clockwise from seat 0.",
    )
    first_dealer = FirstDealerField(required=False, default=DRAW)
    ending = serializers.ChoiceField(choices=Ending.choices, required=False, default=Ending.OPEN)
    ending_target = WholeNumber(
        max_value=bounds.TARGET,
        required=False,
        allow_null=True,
        default=None,
        help_text="N for deals, hands or points.",
    )
    stake_per_point = WholeNumber(
        max_value=bounds.STAKE,
        required=False,
        default=0,
        help_text="Money per point for the settlement; 0: points only.",
    )
    confirmation = serializers.ChoiceField(
        choices=Confirmation.choices,
        required=False,
        allow_null=True,
        default=None,
        help_text="Who confirms each hand: none, any or every. Default: the club's (its rules "
        "page).",
    )
    format = serializers.ChoiceField(
        choices=Format.choices,
        required=False,
        default=Format.POINTS,
        help_text="points; pool (indian13, indian21: ends when one player is left); deals "
        "(ending hands, ending_target deals, for chips).",
    )
    pool_limit = WholeNumber(
        max_value=bounds.POOL_LIMIT, required=False, default=DEFAULT_POOL_LIMIT
    )
    pool_rejoins = WholeNumber(
        max_value=bounds.POOL_REJOINS,
        required=False,
        allow_null=True,
        default=None,
        help_text="How often each player may rejoin. Default: the club's (its rules page).",
    )
    pool_rejoin_below = WholeNumber(
        max_value=bounds.POOL_REJOIN_BELOW,
        required=False,
        allow_null=True,
        default=None,
        help_text="Default: 79 for 101, 174 for 201.",
    )
    entry_fee = WholeNumber(
        max_value=bounds.MONEY,
        required=False,
        allow_null=True,
        default=None,
        help_text="Paid into the pot on entering and on each rejoin. Default: the club's.",
    )
    chips = WholeNumber(
        max_value=bounds.CHIPS,
        required=False,
        allow_null=True,
        default=None,
        help_text="Deals: default 80 a deal.",
    )

    def start_arguments(self) -> dict[str, Any]:
        """start_session's arguments: a pool's settings gathered into its `PoolSetup`."""
        data = dict(self.validated_data)
        pool = PoolSetup(
            limit=data.pop("pool_limit"),
            rejoins=data.pop("pool_rejoins"),
            rejoin_below=data.pop("pool_rejoin_below"),
            entry_fee=data.pop("entry_fee"),
        )
        if data["format"] == Format.POOL:
            data["pool"] = pool
        return data


class SeatChangeBodySerializer(serializers.Serializer):
    action = serializers.ChoiceField(
        choices=ACTIONS,
        help_text="join: player_id sits down; leave: the player at position leaves; "
        "substitute: player_id takes over position; rejoin: the pool player at position "
        "buys back in.",
    )
    player_id = WholeNumber(max_value=bounds.ID, required=False, allow_null=True, default=None)
    position = WholeNumber(max_value=bounds.POSITION, required=False, allow_null=True, default=None)
    revision = WholeNumber(
        min_value=0,
        max_value=bounds.REVISION,
        help_text="The session revision the scorer saw; a stale one gets 409.",
    )


class SeatEntrySerializer(serializers.Serializer):
    position = WholeNumber(min_value=0, max_value=bounds.POSITION)
    result = serializers.ChoiceField(
        choices=["won", "lost", "dropped", "wrong_show"],
        allow_blank=True,
        help_text='won, lost, dropped or wrong_show (indian13, indian21, rummy27); "" for '
        "every seat of a depleted Vazhushal hand.",
    )
    drop = serializers.ChoiceField(
        choices=DROPS, required=False, allow_null=True, default=None, help_text="For dropped."
    )
    penalty = WholeNumber(
        max_value=bounds.POINTS,
        required=False,
        allow_null=True,
        default=None,
        help_text="Points typed for a loser.",
    )
    bonus = WholeNumber(
        max_value=bounds.POINTS,
        required=False,
        allow_null=True,
        default=None,
        help_text="A typed value-card bonus.",
    )
    cards = serializers.ListField(
        child=serializers.CharField(max_length=8),
        required=False,
        allow_null=True,
        default=None,
        max_length=60,
        help_text='The seat\'s cards ("7H", "10S", "JK"); the engine counts them.',
    )
    melds = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(max_length=8), max_length=60),
        required=False,
        allow_null=True,
        default=None,
        max_length=30,
        help_text="Vazhushal with a depleted stock: the seat's table melds.",
    )
    first_turn_pending = serializers.BooleanField(required=False, default=False)
    seen = serializers.BooleanField(required=False, default=False, help_text="Marriage.")
    show = serializers.CharField(
        required=False,
        allow_null=True,
        default=None,
        max_length=32,
        help_text="The winner's kind of show where the game has several (Marriage).",
    )


class ChangeSerializer(serializers.Serializer):
    """What every change carries besides its own fields."""

    client_key = serializers.UUIDField(
        required=False,
        help_text="The change's idempotency key (or send the Idempotency-Key header).",
    )
    revision = WholeNumber(
        required=False,
        min_value=0,
        max_value=bounds.REVISION,
        help_text="The session revision the change was made from; a stale one gets 409.",
    )


class HandEntrySerializer(ChangeSerializer):
    wild = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        default=None,
        max_length=8,
        help_text="The card that designates the wild cards; optional when points are typed.",
    )
    void = serializers.BooleanField(required=False, default=False)
    depleted = serializers.BooleanField(
        required=False, default=False, help_text="Vazhushal: the stock ran out."
    )
    declared = serializers.ChoiceField(
        choices=DECLARED,
        required=False,
        allow_null=True,
        default=None,
        help_text="Indian Rummy: the winner went out on their very first turn.",
    )
    seats = SeatEntrySerializer(many=True, help_text="Every seat at the table, once.")

    def hand_entry(self) -> HandEntry:
        return entry_of(self.validated_data)


def entry_of(data: dict[str, Any]) -> HandEntry:
    """The `HandEntry` a validated hand body says."""
    seats = sorted(data["seats"], key=lambda seat: seat["position"])
    return HandEntry(
        seats=tuple(SeatEntry(**seat) for seat in seats),
        wild=data["wild"] or None,
        void=data["void"],
        depleted=data["depleted"],
        declared=data["declared"],
    )


class CorrectHandSerializer(HandEntrySerializer):
    reason = serializers.CharField(allow_blank=True, help_text="Why the hand is being changed.")


class VoidHandSerializer(ChangeSerializer):
    reason = serializers.CharField(allow_blank=True, help_text="Why the hand is void.")


class UndoSerializer(ChangeSerializer):
    reason = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Optional; kept in the history."
    )


class SplitSerializer(serializers.Serializer):
    split = serializers.ChoiceField(
        choices=PotSplit.choices,
        help_text="equal: the pot in equal shares among the players still in (what does not "
        "divide goes one each to the first to play); amounts: the shares given.",
    )
    shares = serializers.DictField(
        child=WholeNumber(min_value=0, max_value=bounds.POT),
        required=False,
        default=dict,
        help_text='With amounts: seat position -> share, e.g. {"0": 150, "2": 100}; whole '
        "numbers, 0 or more, adding up to the pot; a player still in not named gets 0.",
    )
    revision = WholeNumber(
        min_value=0,
        max_value=bounds.REVISION,
        help_text="The session revision the scorer saw; a stale one gets 409.",
    )

    def validate_shares(self, value: dict[str, int]) -> dict[int, int]:
        try:
            return {int(position): amount for position, amount in value.items()}
        except ValueError:
            raise serializers.ValidationError(
                _("Name each share by a seat position, such as 0.")
            ) from None


class FinishSerializer(serializers.Serializer):
    revision = WholeNumber(
        required=False,
        min_value=0,
        max_value=bounds.REVISION,
        help_text="The session revision the scorer saw; a stale one gets 409.",
    )


# -- The players' answers and the organisers' decisions ------------------------------------------


class AnswerBodySerializer(serializers.Serializer):
    """A player's answer names the version they read; a hand corrected since gets 409."""

    client_key = serializers.UUIDField(
        required=False,
        help_text="The answer's idempotency key (or send the Idempotency-Key header).",
    )
    version = WholeNumber(
        min_value=1, max_value=bounds.REVISION, help_text="The hand's version the player read."
    )


class DisputeBodySerializer(AnswerBodySerializer):
    reason = serializers.CharField(
        allow_blank=True, max_length=500, help_text="What is wrong with the hand."
    )


class DecideBodySerializer(AnswerBodySerializer):
    reason = serializers.CharField(
        allow_blank=True, max_length=500, help_text="Why the hand is decided this way."
    )
    correction = HandEntrySerializer(
        required=False,
        allow_null=True,
        default=None,
        help_text="The hand as it should be: corrects it. Left out: kept as entered.",
    )

    def correction_entry(self) -> HandEntry | None:
        data = self.validated_data.get("correction")
        return entry_of(data) if data else None


class AnswerSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="version.hand.number")
    version = serializers.IntegerField(source="version.version")
    position = serializers.IntegerField(help_text="The seat answered for.")
    verdict = serializers.ChoiceField(choices=Verdict.choices)
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()
    digest = serializers.CharField(help_text="Its link in the session's hash chain.")


class DecisionSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="version.hand.number")
    version = serializers.IntegerField(source="version.version", help_text="The disputed one.")
    outcome = serializers.ChoiceField(choices=Outcome.choices)
    result = serializers.IntegerField(
        source="result.version", allow_null=True, help_text="The version a correction made."
    )
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()
    digest = serializers.CharField(help_text="Its link in the session's hash chain.")


class AnswerChangeSerializer(serializers.Serializer):
    answer = AnswerSerializer()
    session = SessionStateSerializer()


class DecisionChangeSerializer(serializers.Serializer):
    decision = DecisionSerializer()
    session = SessionStateSerializer()
