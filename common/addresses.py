"""Many addresses of one shape, reversed once.

A list of twenty hands or sessions reversed the same URL pattern twenty times (a tenth of a
long table's cost). `Addresses` reverses it once, with 0 for the id that varies, which must
be the address's last number (a club's slug and a session come before a hand's number), and
puts each id in its place.
"""

from __future__ import annotations

from django.urls import reverse


class Addresses:
    def __init__(self, name: str, *fixed: object) -> None:
        before, _, after = reverse(name, args=(*fixed, 0)).rpartition("/0/")
        self._before, self._after = before, after

    def of(self, last: int) -> str:
        return f"{self._before}/{last}/{self._after}"
