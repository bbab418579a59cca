"""Addresses made from names: a club's, and a league's or tournament's within its club."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.text import slugify

# Kept for the addresses of the "new" forms (clubs/new/, leagues/new/, tournaments/new/).
RESERVED_SLUGS = frozenset({"new"})


def free_slug(name: str, taken: QuerySet, *, fallback: str) -> str:
    """The name as a slug, with -2, -3 ... added until no row of `taken` has it."""
    base = slugify(name)[:50] or fallback
    slug, n = base, 2
    while slug in RESERVED_SLUGS or taken.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug
