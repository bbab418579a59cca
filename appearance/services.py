"""Choosing the deck's colours, and where the choice is kept.

A visitor's choice is a cookie; a signed-in person's is also stored (`CardColours`) and put
in their session at log-in, so that it follows them to another phone and no page pays a
query for it. The page carries it as a class on <html>, so a page kept for offline use
keeps its colours.
"""

from __future__ import annotations

from django import db
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.http import HttpRequest

from appearance.models import CardColours

COOKIE = "four_colour"
SESSION_KEY = "four_colour"
COOKIE_AGE = 365 * 24 * 60 * 60


def remember(*, user: User | AnonymousUser, session: SessionBase, four_colour: bool) -> None:
    """Keep a signed-in person's choice for their next log-in, wherever it is."""
    if not user.is_authenticated:
        return
    with transaction.atomic():
        CardColours.objects.update_or_create(user=user, defaults={"four_colour": four_colour})
    session[SESSION_KEY] = four_colour


def recall(*, user: User, session: SessionBase) -> None:
    """At log-in: the colours the person chose before, if they chose, come back."""
    chosen = CardColours.objects.filter(user=user).values_list("four_colour", flat=True).first()
    if chosen is not None:
        session[SESSION_KEY] = chosen


def four_colour(request: HttpRequest) -> bool:
    """The page's deck: the signed-in person's choice, else this phone's cookie."""
    session = getattr(request, "session", None)
    try:
        chosen = session.get(SESSION_KEY) if session is not None else None
    except db.Error:
        # The database is down: the cookie serves, and the view meets the outage itself.
        chosen = None
    if isinstance(chosen, bool):
        return chosen
    return request.COOKIES.get(COOKIE) == "1"
