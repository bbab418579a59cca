"""A QR code drawn on the server as inline SVG (a table's join code, a tournament venue's
check-in code): no script, no CDN, and the page keeps it when the network drops."""

from __future__ import annotations

from functools import lru_cache

import segno
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=256)
def qr_svg(address: str, title: str) -> SafeString:
    """`address` as a QR code a phone's camera reads across a table: black on white whatever
    the page's colours (a camera reads dark on light best), `title` its accessible name."""
    code = segno.make(address, error="m")
    svg = code.svg_inline(scale=5, dark="#000", light="#fff", title=escape(title), svgclass="qr")
    # segno escapes the address in no attribute; its title was escaped above.
    return mark_safe(svg.replace("<svg ", '<svg role="img" ', 1))
