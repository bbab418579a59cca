"""The toggle's one view: the choice in a cookie for this phone, and for a signed-in person
remembered; then back to the page it was made on (a safe `next`, as the language switcher)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from appearance.services import COOKIE, COOKIE_AGE, remember


@require_POST
def choose_card_colours(request: HttpRequest) -> HttpResponse:
    chosen = request.POST.get("four_colour") == "1"
    back = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    response = HttpResponseRedirect(back if safe else "/")
    response.set_cookie(COOKIE, "1" if chosen else "0", max_age=COOKIE_AGE, samesite="Lax")
    remember(user=request.user, session=request.session, four_colour=chosen)
    return response
