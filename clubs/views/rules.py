"""A club's default rules, one game at a time, its pool house rules, and how long a player
stays on its leaderboards: members read them, organisers change them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs import services
from clubs.access import ClubAccess, club_access
from clubs.forms import (
    ConfirmationForm,
    LeaderboardWindowForm,
    PoolForm,
    PresetForm,
    VariantRulesForm,
    variant_choices,
)
from clubs.models import Club, Confirmation
from clubs.presets import preset as find_preset
from clubs.roles import Role
from clubs.rule_lines import rule_lines
from clubs.selectors import stored_rules
from clubs.views.guard import login_if_anonymous, show_error
from common.errors import UserError
from common.http import signed_in_user
from common.numbers import grouped
from common.rules_words import game_name
from scoring.rules.variants import VARIANTS


def _variant(request: HttpRequest) -> str:
    chosen = request.POST.get("variant") or request.GET.get("variant")
    return chosen if chosen in VARIANTS else VARIANTS[0]


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    needs = Role.ORGANISER if request.method == "POST" else None
    access = club_access(request.user, slug, needs=needs)
    return _rules_page(request, access, rules_posted=request.method == "POST")


def _rules_page(
    request: HttpRequest,
    access: ClubAccess,
    *,
    rules_posted: bool,
    refused: LeaderboardWindowForm | PoolForm | ConfirmationForm | None = None,
) -> HttpResponse:
    """The rules page; `refused` is a club-wide setting's form sent back with its errors."""
    club = access.club
    variant = _variant(request)
    stored = stored_rules(club)
    current = VariantRulesForm.initial_for(variant, stored.get(variant, {}))
    chosen_preset = None

    if rules_posted:
        form = VariantRulesForm(request.POST, variant=variant)
        if form.is_valid():
            try:
                services.save_variant_rules(
                    club=club,
                    variant=variant,
                    options=form.changed_options(),
                    by=signed_in_user(request),
                )
            except UserError as error:
                form.add_engine_error(error.message, getattr(error, "option", None))
            else:
                messages.success(
                    request, _("%(game)s defaults saved.") % {"game": game_name(variant)}
                )
                return redirect(f"{reverse('club-rules', args=[club.slug])}?variant={variant}")
    else:
        chosen_preset = find_preset(variant, request.GET.get("preset", ""))
        initial = (
            VariantRulesForm.initial_for(variant, chosen_preset.options)
            if chosen_preset
            else current
        )
        form = VariantRulesForm(initial=initial, variant=variant)

    readable = rule_lines(variant, stored.get(variant, {}))
    return render(
        request,
        "clubs/rules.html",
        {
            "access": access,
            "club": club,
            "variant": variant,
            "game_name": game_name(variant),
            "variants": [(v, name, bool(stored.get(v))) for v, name in variant_choices()],
            "form": form,
            "preset_form": PresetForm(
                initial={"preset": chosen_preset.key if chosen_preset else None}, variant=variant
            ),
            "chosen_preset": chosen_preset,
            "readable": readable,
            "window_form": refused
            if isinstance(refused, LeaderboardWindowForm)
            else LeaderboardWindowForm(initial={"leaderboard_days": club.leaderboard_days}),
            "window_words": window_words(club.leaderboard_days),
            "pool_form": refused
            if isinstance(refused, PoolForm)
            else PoolForm(
                initial={"pool_rejoins": club.pool_rejoins, "pool_entry_fee": club.pool_entry_fee}
            ),
            "pool_words": pool_words(club.pool_rejoins, club.pool_entry_fee),
            "confirmation_form": refused
            if isinstance(refused, ConfirmationForm)
            else ConfirmationForm(initial={"confirmation": club.confirmation}),
            "confirmation_words": Confirmation(club.confirmation).label,
        },
    )


def window_words(days: int | None) -> str:
    """The leaderboard window for members who can only read it."""
    if not days:
        return _("Everyone stays on the leaderboards.")
    return ngettext(
        "Players with no rated session of a game in %(count)s day leave its leaderboard.",
        "Players with no rated session of a game in %(count)s days leave its leaderboard.",
        days,
    ) % {"count": days}


def _club_setting(
    request: HttpRequest,
    slug: str,
    form: LeaderboardWindowForm | PoolForm | ConfirmationForm,
    *,
    save: Callable[[Club, dict[str, Any]], str],
    section: str,
) -> HttpResponse:
    """One of the organisers' club-wide settings under the game rules: saved by its service,
    which answers the sentence to show, then back to its section of the rules page; or
    refused next to its field there."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    if form.is_valid():
        try:
            said = save(access.club, form.cleaned_data)
        except UserError as error:
            show_error(form, error)
        else:
            messages.success(request, said)
            return redirect(f"{reverse('club-rules', args=[access.club.slug])}#{section}")
    return _rules_page(request, access, rules_posted=False, refused=form)


@require_POST
@login_if_anonymous
def leaderboard_window(request: HttpRequest, slug: str) -> HttpResponse:
    """The organisers' setting of how long a player stays on the leaderboards unplayed."""

    def save(club: Club, data: dict[str, Any]) -> str:
        services.set_leaderboard_days(club=club, days=data["leaderboard_days"])
        # Translators: then a sentence that says who stays on the leaderboards
        return _("Leaderboards saved. %(window)s") % {"window": window_words(club.leaderboard_days)}

    return _club_setting(
        request, slug, LeaderboardWindowForm(request.POST), save=save, section="leaderboard"
    )


def pool_words(rejoins: int, entry_fee: int) -> list[str]:
    """The pool house rules for members who can only read them."""
    if rejoins:
        again = ngettext(
            "A player who goes out of a pool may rejoin %(count)s time.",
            "A player who goes out of a pool may rejoin %(count)s times.",
            rejoins,
        ) % {"count": rejoins}
    else:
        again = _("A player who goes out of a pool stays out.")
    if not entry_fee:
        return [again, _("Pools have no entry fee.")]
    return [
        again,
        _("The entry fee is %(fee)s, paid again on each rejoin.") % {"fee": grouped(entry_fee)},
    ]


@require_POST
@login_if_anonymous
def pool_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The organisers' pool house rules: rejoins and the entry fee."""

    def save(club: Club, data: dict[str, Any]) -> str:
        services.set_pool_rules(
            club=club, rejoins=data["pool_rejoins"], entry_fee=data["pool_entry_fee"]
        )
        return _("Pool rules saved.")

    return _club_setting(request, slug, PoolForm(request.POST), save=save, section="pool")


@require_POST
@login_if_anonymous
def confirmation_rule(request: HttpRequest, slug: str) -> HttpResponse:
    """The organisers' default of who confirms each hand."""

    def save(club: Club, data: dict[str, Any]) -> str:
        services.set_confirmation(club=club, confirmation=data["confirmation"])
        return _("Saved: new sessions start with “%(rule)s”.") % {
            "rule": Confirmation(club.confirmation).label
        }

    form = ConfirmationForm(request.POST)
    return _club_setting(request, slug, form, save=save, section="confirmation")
