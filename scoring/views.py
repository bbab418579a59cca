from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods

from scoring.forms import CheckShowForm
from scoring.services import check_show as checker


@require_http_methods(["GET", "POST"])
def check_show(request: HttpRequest) -> HttpResponse:
    """The "Check a show" page; htmx requests get only the result and the bits around it."""
    data = request.POST if request.method == "POST" else request.GET
    form = CheckShowForm(data or None)
    result = None
    if not form.is_bound:
        result = checker.check_show(variant=form.fields["variant"].initial, cards=[], wild=None)
    elif form.is_valid():
        result = checker.check_show(
            variant=form.cleaned_data["variant"],
            cards=form.cleaned_data["cards"],
            wild=form.cleaned_data["wild"] or None,
            players=form.cleaned_data["players"],
        )
    template = (
        "scoring/partials/check_show_result.html" if request.htmx else "scoring/check_show.html"
    )
    response = render(request, template, {"form": form, "result": result})
    # The same URL answers with a fragment or a page: caches must keep the two apart.
    patch_vary_headers(response, ["HX-Request"])
    return response
