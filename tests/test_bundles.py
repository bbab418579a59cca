"""A page's scripts as one request (common/bundles.py): the session screen asks for one file
holding every script it ran before, in the same order, made afresh from the sources."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command

from common import bundles
from tests.factories import make_club, make_session
from tests.scoring.factories import scorer_of

SCREEN = "js/bundles/session_screen.js"
STYLES = "css/session_screen.css"
STATIC = Path(__file__).resolve().parents[1] / "static"


def scripts_of(html: str) -> list[str]:
    return [src.split("?")[0] for src in re.findall(r'<script src="([^"]+)"', html)]


def styles_of(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)


def served(client, path: str) -> str:
    return b"".join(client.get(f"/static/{path}").streaming_content).decode()


def in_order(text: str, bundle: str) -> bool:
    at = [text.index((STATIC / source).read_text()) for source in bundles.BUNDLES[bundle]]
    return at == sorted(at)


@pytest.mark.django_db
def test_the_session_screen_asks_for_its_styles_in_one_file_and_its_scripts_in_another(
    client,
) -> None:
    club = make_club("Tuesday Club")
    scorer = scorer_of(club)
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer)
    client.force_login(scorer)
    html = client.get(f"/clubs/{club.slug}/sessions/{session.pk}/").content.decode()

    # The words in the page's language first, as before; then htmx, every page's scripts
    # and the screen's client in one file, in the order they ran as files of their own.
    assert scripts_of(html) == ["/jsi18n/", f"/static/{SCREEN}"]
    assert styles_of(html) == [f"/static/{STYLES}"]
    assert in_order(served(client, SCREEN), SCREEN)
    assert in_order(served(client, STYLES), STYLES)


@pytest.mark.django_db
def test_other_pages_keep_their_scripts_as_they_were(client) -> None:
    html = client.get("/rules/check/").content.decode()
    assert scripts_of(html)[:4] == [
        "/static/js/htmx.min.js",
        "/jsi18n/",
        "/static/js/sw_register.js",
        "/static/js/form_errors.js",
    ]
    assert styles_of(html)[0] == "/static/css/app.css"


def test_a_bundle_is_made_again_when_a_source_changes(tmp_path, settings, monkeypatch) -> None:
    first, second = tmp_path / "first.js", tmp_path / "second.js"
    first.write_text("(function () { window.a = 1; })()")  # no ";" at its end
    second.write_text("(function () { window.b = 2; })();")
    monkeypatch.setattr(bundles, "BUNDLES", {"js/bundles/t.js": ("first.js", "second.js")})
    monkeypatch.setattr(bundles, "_source_path", lambda source: str(tmp_path / source))
    settings.STATIC_BUNDLES_DIR = tmp_path / "built"
    finder = bundles.BundleFinder()

    made = Path(finder.find("js/bundles/t.js"))
    text = made.read_text()
    assert text.index("window.a = 1") < text.index("window.b = 2")
    assert "})()\n;\n" in text  # the first cannot run into the second
    second.write_text("(function () { window.b = 3; })();")
    assert "window.b = 3" in Path(finder.find("js/bundles/t.js")).read_text()
    assert finder.find("js/queue.js") is None


def test_collectstatic_copies_the_bundle_with_the_app_files(tmp_path, settings) -> None:
    settings.STATIC_ROOT = tmp_path / "collected"
    call_command("collectstatic", interactive=False, verbosity=0)
    collected = (tmp_path / "collected" / SCREEN).read_text()
    assert collected == Path(finders.find(SCREEN)).read_text()
    assert "window.rummyBoard" in collected


def test_requests_making_a_bundle_at_once_all_find_it_whole(tmp_path, settings) -> None:
    # A threaded server (runserver, the browser tests' server) may be asked for a bundle by
    # several requests before it is first made.
    from concurrent.futures import ThreadPoolExecutor

    settings.STATIC_BUNDLES_DIR = tmp_path / "built"
    finder = bundles.BundleFinder()
    with ThreadPoolExecutor(8) as pool:
        made = list(pool.map(lambda _: finder.find(STYLES), range(32)))
    assert set(made) == {str(tmp_path / "built" / STYLES)}
    assert Path(made[0]).read_text() == bundles.joined(STYLES)
    assert not list((tmp_path / "built").rglob("*.partial"))
