"""The first page: your clubs and their tables in play, or the public clubs."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.selectors import home_clubs, public_clubs


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    context: dict[str, Any]
    if request.user.is_authenticated:
        context = {"clubs": home_clubs(request.user), "public_clubs": None}
    else:
        context = {"clubs": None, "public_clubs": public_clubs()}
    return render(request, "clubs/home.html", context)
