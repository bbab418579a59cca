"""Pages and JSON answers go out gzipped to a browser that takes it; a page that shows a
constant secret does not (config/middleware.py, CompressedAnswers, says why)."""

from __future__ import annotations

import gzip

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.roles import Role
from tests.clubs.factories import add_member, make_club, owner_of

pytestmark = pytest.mark.django_db

PHONE = {"accept-encoding": "gzip, deflate, br, zstd"}


def varies_by(response) -> set[str]:
    return {header.strip() for header in response.get("Vary", "").split(",")}


def test_a_page_goes_out_gzipped_and_reads_the_same():
    page = Client(headers=PHONE).get("/rules/check/")
    assert page["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in varies_by(page)
    html = gzip.decompress(page.content).decode()
    assert html.startswith("<!doctype html>") and html.rstrip().endswith("</html>")
    assert len(page.content) < len(html) / 3


def test_a_browser_that_takes_no_gzip_gets_the_page_as_it_is():
    page = Client().get("/rules/check/")
    assert not page.has_header("Content-Encoding")
    assert page.content.decode().startswith("<!doctype html>")


def test_a_json_answer_goes_out_gzipped():
    for name in ("Hill Club", "River Club", "Lake Club"):
        make_club(name, is_public=True)
    answer = Client(headers=PHONE).get("/api/v1/clubs/")
    assert answer.status_code == 200
    assert answer["Content-Encoding"] == "gzip"
    assert b"River Club" in gzip.decompress(answer.content)


def test_the_same_page_twice_differs_in_length_so_its_size_tells_little():
    # Django pads each gzipped answer with up to 100 random bytes (Heal the Breach), and
    # the CSRF token in it is masked afresh each time.
    sizes = {len(Client(headers=PHONE).get("/rules/check/").content) for _ in range(6)}
    assert len(sizes) > 1


def test_the_invitation_links_are_never_compressed():
    club = make_club("Hill Club")
    invitation = services.create_invitation(club=club, role=Role.SCORER, created_by=owner_of(club))
    client = Client(headers=PHONE)
    client.force_login(add_member(club, "org", Role.ORGANISER))
    page = client.get(reverse("club-invitations", args=[club.slug]))
    assert not page.has_header("Content-Encoding")
    assert invitation.token in page.content.decode()


def test_a_font_is_served_as_it_is_never_gzipped_again():
    # WhiteNoise answers static files before the compression is reached: a woff2 font is
    # compressed already, and collectstatic compresses the styles and scripts ahead of time.
    font = Client(headers=PHONE).get("/static/fonts/rummy-names-400.woff2")
    assert font.status_code == 200
    assert not font.has_header("Content-Encoding")
