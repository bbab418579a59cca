"""Starting a session and the session screen at the table.

Every view reaches the club through `club_access` and the session only within that club, so
a session id from another club is "not found" whatever role the user has elsewhere.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs.access import ClubAccess, club_access
from clubs.models import Confirmation
from clubs.presets import preset as find_preset
from clubs.roles import Role
from clubs.rule_lines import rule_lines
from clubs.services import add_guest, default_options
from common.addresses import Addresses
from common.errors import UserError
from common.http import signed_in_user, wants_json
from common.qr import qr_svg
from scoring.access import glance, session_access
from scoring.display import card_lists
from scoring.display import sessions as display
from scoring.forms.hands import HandInput, blank_input
from scoring.forms.sessions import StartSessionForm, default_ending, initial_options
from scoring.models import GameSession, SeatLink, Variant
from scoring.selectors import Board, seat_of, seatable_players
from scoring.services.joins import join_code_of
from scoring.services.sessions import start_session
from scoring.views import answers

DEFAULT_VARIANT = Variant.INDIAN13


def render_board(
    request: HttpRequest,
    *,
    access: ClubAccess,
    session: GameSession | None = None,
    board: Board | None = None,
    panel: HandInput | None = None,
    ledger: display.LedgerView | None = None,
    alert: str = "",
    status: int = 200,
    as_seat: tuple[int, str] | None = None,
) -> HttpResponse:
    """The session screen: whose deal, the totals, the record panel and every hand. Of
    `session` as read (its board read only when its parts are not kept), or of `board`.
    `as_seat`: the seat's position and signed link of a guest's phone that joined it."""
    if board is not None:
        session = board.session
    if session is None:
        raise TypeError("render_board draws a session or a board")
    slug = access.club.slug
    can_record = session.is_active and access.can_score
    parts = answers.screen_parts(access, session, board=board, every=every_hand(request))
    if can_record and panel is None:
        panel = blank_input(variant=session.variant, names=parts.playing, revision=session.revision)
    # A player's own "confirm or dispute": theirs alone, so never part of the kept parts.
    my_seat, answer_url = None, ""
    live_url = reverse("session-live", args=(slug, session.pk))
    if as_seat is not None:
        my_seat, link = as_seat
        live_url = reverse("player-live", args=(link,))
        answer_url = reverse("player-answer", args=(link, 0))
    elif session.confirmation != Confirmation.NONE:
        my_seat = seat_of(session, request.user)
    if session.confirmation == Confirmation.NONE:
        my_seat = None
    asks = [] if my_seat is None else display.asks_for(parts.rows, parts.tiles, my_seat)
    if as_seat is not None:  # the guest's own address answers, not the club's
        own = Addresses("player-answer", as_seat[1])
        asks = [replace(ask, url=own.of(ask.number)) for ask in asks]
    context: dict[str, Any] = {
        "club": access.club,
        "access": access,
        "session": session,
        "board": board,
        "hands_dealt": parts.hands_dealt,
        "parts_key": parts.key,
        "totals": parts.tiles,
        "rows": parts.rows,
        "turn": parts.turn,
        "panel": panel if can_record else None,
        "ledger": ledger,
        "alert": alert,
        "finish_url": reverse("session-finish", args=(slug, session.pk)),
        "summary_url": reverse("session-summary", args=(slug, session.pk)),
        "club_url": reverse("club-detail", args=(slug,)),
        "rule_lines": parts.rule_lines,
        "my_seat": my_seat,
        "asks": asks,
        "live_url": live_url,
        "answer_url": answer_url,
        "join": join_box(request, session, parts.tiles) if can_record else None,
        # The same board as data, for the page's scripts (scoring/views/answers.py).
        "state": answers.as_of_now(parts.state),
        **panel_context(session, panel if can_record else None),
    }
    return render(request, "scoring/session_detail.html", context, status=status)


def join_box(
    request: HttpRequest, session: GameSession, tiles: list[display.SeatTotal]
) -> dict[str, Any]:
    """What the scorer shows the table so its players join on their own phones: the code,
    its address and QR code, and the seats phones have joined (each can be freed)."""
    code = join_code_of(session)
    address = request.build_absolute_uri(reverse("join-table", args=(code,)))
    links = SeatLink.objects.filter(session=session, revoked_at=None).order_by("position")
    names = {tile.position: tile.name for tile in tiles}
    return {
        "code": code,
        "address": address,
        "qr": qr_svg(address, _("The code to join this table")),
        "links": [(link, names.get(link.position, "?")) for link in links],
    }


def every_hand(request: HttpRequest) -> bool:
    """Whether the screen was asked for every hand, not the last few (answers.RECENT_HANDS)."""
    return request.GET.get("hands") == "all"


def panel_context(session: GameSession, panel: HandInput | None) -> dict[str, Any]:
    """What the record-hand panel draws besides its state: the wild card list (and, while no
    wild card is chosen in it, what names it: the game and its rules), the grid."""
    unchosen = panel is not None and not panel.wild
    jokers = card_lists.holds_printed_jokers(session)
    return {
        "wild_choices": card_lists.wild_choices(session),
        "wild_key": json.dumps([session.variant, session.options], sort_keys=True)
        if unchosen
        else "",
        "grid": card_lists.card_grid(),
        "printed_jokers": jokers,
        # The grid is kept once with its printed joker and once without (never an empty key,
        # which would draw it every time).
        "grid_key": "grid with JK" if jokers else "grid",
    }


@require_GET
def session_detail(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    try:
        access, session = session_access(request.user, slug, session_id)
    except Http404:
        if not request.user.is_authenticated:
            # A private club's page: perhaps the scorer's login ran out. The same answer for
            # any club, so it says nothing about whether this one exists.
            return redirect_to_login(request.get_full_path())
        raise
    return render_board(request, access=access, session=session)


@require_GET
def session_live(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """What a watching page asks every few seconds (static/js/table_sync.js): an empty 204
    while the session's revision is the one it shows, else the session as it is now (JSON
    when asked for, as the script does)."""
    asked = request.GET.get("revision", "")
    since = int(asked) if asked.isdigit() else None
    look = glance(request.user, slug, session_id)
    if look is not None and asked == str(look.revision):
        return HttpResponse(status=204)
    if look is not None and wants_json(request):
        kept = answers.kept_news(session_id, look, every=every_hand(request), since=since)
        if kept is not None:
            return kept
    access, session = session_access(request.user, slug, session_id)
    if wants_json(request):
        return answers.session(access, session, every=every_hand(request), since=since)
    return render_board(request, access=access, session=session)


# -- Start a session ----------------------------------------------------------------------------

# Buttons that redraw the form instead of starting the session (they work without JavaScript;
# with it, htmx sends the same values when the game or the rule set changes).
REDRAW = {"variant", "preset", "guest"}


def _variant(value: str | None) -> str:
    return value if value in Variant.values else DEFAULT_VARIANT


@login_required
@require_http_methods(["GET", "POST"])
def session_new(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.SCORER)
    club = access.club
    if request.method == "GET":
        variant = _variant(request.GET.get("variant"))
        initial = {
            "variant": variant,
            "ending": default_ending(variant),
            "stake_per_point": 0,
            "first_dealer": "draw",
            "format": "points",
            "confirmation": club.confirmation,
            # A pool starts from the club's house rules.
            "pool_rejoins": club.pool_rejoins,
            "entry_fee": club.pool_entry_fee,
        } | initial_options(variant, default_options(club=club, variant=variant))
        return _start_page(request, access, variant=variant, initial=initial)

    data = request.POST.copy()
    variant = _variant(data.get("variant"))
    change = data.get("change", "")
    if change in REDRAW:
        initial = {key: data.get(key) for key in data}
        if change == "guest":
            guest_error = _seat_guest(club, data, initial)
            return _start_page(
                request, access, variant=variant, initial=initial, guest_error=guest_error
            )
        if change == "variant":
            initial["ending"] = default_ending(variant)
            initial["preset"] = ""
            options = default_options(club=club, variant=variant)
        else:
            chosen = find_preset(variant, data.get("preset", ""))
            options = chosen.options if chosen else default_options(club=club, variant=variant)
            # A pool preset also sets the format and its limit.
            initial |= chosen.session if chosen else {"format": "points"}
        initial |= initial_options(variant, options)
        return _start_page(request, access, variant=variant, initial=initial)

    form = StartSessionForm(data, variant=variant, players=seatable_players(club))
    if form.is_valid():
        try:
            session, draw = start_session(
                club=club,
                variant=variant,
                options=form.cleaned_data["options"],
                player_ids=form.cleaned_data["player_ids"],
                first_dealer=form.first_dealer_value(),
                ending_target=form.cleaned_data["ending_target"],
                stake_per_point=form.cleaned_data["stake_per_point"],
                confirmation=form.cleaned_data["confirmation"] or None,
                user=signed_in_user(request),
                **({"ending": form.cleaned_data["ending"]} | form.format_arguments()),
            )
        except UserError as error:
            form.add_service_error(error)
        else:
            if draw is not None:
                names = {seat.position: seat.player.name for seat in session.seats.all()}
                messages.info(request, display.draw_sentence(draw, names))
            return redirect("session-detail", slug=club.slug, session_id=session.pk)
    return _start_page(request, access, variant=variant, form=form, status=400)


def _seat_guest(club: Any, data: Any, initial: dict[str, Any]) -> str:
    """Add the guest typed in and seat them next; the sentence if the name will not do."""
    try:
        guest = add_guest(club=club, name=data.get("guest_name", ""))
    except UserError as error:
        return error.message
    form = StartSessionForm(
        data, variant=_variant(data.get("variant")), players=seatable_players(club)
    )
    initial[f"seat-{guest.pk}"] = form.next_seat()
    initial["guest_name"] = ""
    return ""


def _start_page(
    request: HttpRequest,
    access: ClubAccess,
    *,
    variant: str,
    initial: dict[str, Any] | None = None,
    form: StartSessionForm | None = None,
    guest_error: str = "",
    status: int = 200,
) -> HttpResponse:
    if form is None:
        form = StartSessionForm(
            variant=variant, players=seatable_players(access.club), initial=initial
        )
    context = {
        "club": access.club,
        "form": form,
        "variant": variant,
        "guest_error": guest_error,
        "rule_lines": rule_lines(variant, form.options_in_force()),
        "club_url": reverse("club-detail", args=(access.club.slug,)),
    }
    return render(request, "scoring/session_new.html", context, status=status)
