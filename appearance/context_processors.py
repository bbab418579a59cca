from __future__ import annotations

from django.http import HttpRequest

from appearance.services import four_colour


def appearance(request: HttpRequest) -> dict[str, bool]:
    """`four_colour` for base.html's class on <html> and the toggle at the foot."""
    return {"four_colour": four_colour(request)}
