from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods
from rest_framework.settings import api_settings

from common import ratelimit
from common.client_ip import client_ip
from common.http import HtmxHttpRequest
from scoring.display import check_show as checker
from scoring.forms.check_show import CheckShowForm
from scoring.rules_limits import EngineBusy, door_slot


def checks_allowed(request: HttpRequest) -> float | None:
    """None while this client may check another hand, else the seconds to wait: the same
    per-address limit as the rules API, since each check runs the engine."""
    rate = api_settings.DEFAULT_THROTTLE_RATES["rules"]
    # The stubs type throttle rates as numbers; DRF's are "count/period" strings.
    assert isinstance(rate, str)
    return ratelimit.hit(f"rules:ip:{client_ip(request)}", ratelimit.parse_rate(rate))


@require_http_methods(["GET", "POST"])
def check_show(request: HtmxHttpRequest) -> HttpResponse:
    """The "Check a show" page; htmx requests get only the result and the bits around it."""
    data = request.POST if request.method == "POST" else request.GET
    form = CheckShowForm(data or None)
    result = None
    busy: EngineBusy | None = None
    wait = checks_allowed(request) if form.is_bound else None
    if wait is not None:
        result = checker.too_many_checks(variant=form.fields["variant"].initial, wait=wait)
    elif not form.is_bound:
        result = checker.check_show(variant=form.fields["variant"].initial, cards=[], wild=None)
    elif form.is_valid():
        try:
            with door_slot():
                result = checker.check_show(
                    variant=form.cleaned_data["variant"],
                    cards=form.cleaned_data["cards"],
                    wild=form.cleaned_data["wild"] or None,
                    players=form.cleaned_data["players"],
                )
        except EngineBusy as error:
            busy = error
            result = checker.engine_busy(
                variant=form.cleaned_data["variant"], picked=len(form.cleaned_data["cards"])
            )
    template = (
        "scoring/partials/check_show_result.html" if request.htmx else "scoring/check_show.html"
    )
    status = 429 if wait is not None else 200
    response = render(request, template, {"form": form, "result": result}, status=status)
    if wait is not None:
        response["Retry-After"] = str(int(wait))
    elif busy is not None:
        # The sentence is the page's answer (200, so htmx swaps it in); the header is a hint.
        response["Retry-After"] = str(busy.retry_after)
    # The same URL answers with a fragment or a page: caches must keep the two apart.
    patch_vary_headers(response, ["HX-Request"])
    return response
