"""What the tournament page tests share: addresses, and the page as a reader sees it."""

from __future__ import annotations

import html
import re

from django.urls import reverse

from tournaments.models import Tournament


def text_of(response) -> str:
    """The page's words, tags dropped, entities read and spaces squeezed."""
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(words).split())


def messages_of(response) -> list[str]:
    """The flash messages a followed redirect landed on."""
    return [str(m) for m in response.context["messages"]]


def url(name: str, tournament: Tournament, *more: object) -> str:
    return reverse(name, args=[tournament.club.slug, tournament.slug, *more])


def table_rows(response, css_class: str) -> list[list[str]]:
    """The body rows of the page's table of that class, each as its cells' words."""
    page = response.content.decode()
    table = re.search(rf'<table class="[^"]*\b{css_class}\b[^"]*".*?</table>', page, re.S)
    assert table is not None, f"no table of class {css_class} on the page"
    body = re.search(r"<tbody>(.*?)</tbody>", table.group(0), re.S).group(1)
    return [
        [
            " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]
