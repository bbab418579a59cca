"""One table of a round: the director ends it now, or a player confirms its result."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.views.guard import login_if_anonymous
from common.http import signed_in_user
from tournaments import selectors
from tournaments.access import directed_tournament, member_tournament
from tournaments.selectors import round_view
from tournaments.services.play import confirm_table, force_finish_table
from tournaments.views.actions import Outcome, confirmed_action, run_action
from tournaments.views.dashboard import round_url
from tournaments.views.next_step import round_name


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def tournament_force_finish(
    request: HttpRequest, slug: str, tournament_slug: str, number: int, table: int
) -> HttpResponse:
    """A confirmation page, then the table's session ends with the hands recorded so far."""
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    round_ = selectors.round_of(tournament, number)
    table_ = selectors.table_of(round_, table)

    def action() -> str:
        force_finish_table(table=table_)
        return _("Table %(number)s is finished with the hands recorded so far.") % {
            "number": table_.number
        }

    def context() -> dict[str, Any]:
        return {
            "access": access,
            "club": access.club,
            "tournament": tournament,
            "round": round_,
            "name": round_name(round_),
            "table": next(t for t in round_view(round_).tables if t.number == table_.number),
        }

    return confirmed_action(
        request,
        action,
        back=round_url(tournament, number),
        template="tournaments/force_finish.html",
        context=context,
    )


@require_POST
@login_required
def tournament_confirm_table(
    request: HttpRequest, slug: str, tournament_slug: str, number: int, table: int
) -> HttpResponse:
    """Any member may ask; the service lets only a second player from the table confirm."""
    _access, tournament = member_tournament(request.user, slug, tournament_slug)
    round_ = selectors.round_of(tournament, number)
    table_ = selectors.table_of(round_, table)
    back = round_url(tournament, number)

    def action() -> Outcome:
        confirm_table(table=table_, user=signed_in_user(request))
        said = _("Table %(number)s's result is confirmed. Thank you.") % {"number": table_.number}
        return said, back

    return run_action(request, action, back=back)
