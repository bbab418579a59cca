"""Static files made of others, joined in order: a page's scripts as one request.

On a phone's first visit over slow Wi-Fi, each request waits its own round trip, and a
browser asks a server for six at a time: the session screen's ten scripts and two style
sheets took three rounds of waiting after the page itself (issue 21 measured 8.6 s to
interactive on "slow 3G", where a round trip is 2 s). Joined, with the words and the fonts
of the page's language, they come in one round.

A bundle is an ordinary static file to everything else: `{% static %}` names it, `runserver`
serves it, `collectstatic` copies (and hashes and compresses) it, the service worker keeps it.
This finder makes it from its sources whenever it is asked for, so it is never out of date
and nothing built is committed. The sources stay separate files: the linter and Node's unit
tests read those (static/js).

Each script source is a classic script wrapped in its own function (static/js), or a
vendored library that defines its globals as it would alone, so joining them changes
nothing they see: they run in the same order, in the same global scope, as the `<script
defer>` tags they replace did. Style sheets join as the `<link>`s did, in their order.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, overload

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.checks import CheckMessage, Error
from django.core.files.storage import FileSystemStorage

# Each bundle's sources, in the order they run. Their own order matters: each script of the
# session screen needs the ones before it (docs/session-screen.md).
BUNDLES: dict[str, tuple[str, ...]] = {
    # Beside the app's own styles, so that their "../fonts/" addresses still find the fonts.
    "css/session_screen.css": ("css/app.css", "css/session.css"),
    "js/bundles/session_screen.js": (
        # What every page runs (templates/base.html), then the screen's own. The words
        # (Django's JavaScript catalogue) come before, as their own request: they change
        # with the page's language.
        "js/htmx.min.js",
        "js/sw_register.js",
        "js/form_errors.js",
        "js/session.js",
        "js/keep_in_view.js",
        "vendor/idb-keyval-6.3.0/idb-keyval.js",
        "js/queue.js",
        "js/board.js",
        "js/answers.js",
        "js/hand_form.js",
        "js/table_sync.js",
    ),
}


def joined(bundle: str) -> str:
    """The sources' text, each marked with its name, in order. Between scripts, a ";"
    keeps a source that ends without one from running into the next."""
    between = "\n;\n" if bundle.endswith(".js") else "\n"
    return "".join(
        f"/* {source} */\n{Path(_source_path(source)).read_text(encoding='utf-8')}{between}"
        for source in BUNDLES[bundle]
    )


def _source_path(source: str) -> str:
    found = finders.find(source)
    if not isinstance(found, str):
        raise FileNotFoundError(f"The bundle source {source} is not a static file.")
    return found


class BundleFinder(finders.BaseFinder):
    """Finds each bundle of BUNDLES, written afresh into STATIC_BUNDLES_DIR when asked."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.root = Path(settings.STATIC_BUNDLES_DIR)
        self.storage = FileSystemStorage(location=str(self.root))

    def check(self, **kwargs: Any) -> list[CheckMessage]:
        missing = [
            f"{bundle}: {source}"
            for bundle, sources in BUNDLES.items()
            for source in sources
            if not isinstance(finders.find(source), str)
        ]
        return [
            Error(f"A bundle names a static file that does not exist ({each}).", id="bundles.E001")
            for each in missing
        ]

    @overload
    def find(self, path: str, find_all: Literal[False] = False) -> str | None: ...

    @overload
    def find(self, path: str, find_all: Literal[True]) -> list[str]: ...

    def find(self, path: str, find_all: bool = False) -> str | list[str] | None:
        if path not in BUNDLES:
            return [] if find_all else None
        built = self._build(path)
        return [built] if find_all else built

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        for bundle in BUNDLES:
            self._build(bundle)
            yield bundle, self.storage

    def _build(self, bundle: str) -> str:
        target = self.root / bundle
        text = joined(bundle)
        # Written only when it changed, into a file of its own then moved into place: a server
        # reading it meanwhile never sees half a file, and two requests of a threaded server
        # making it at once never write into the same one.
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=target.parent, suffix=".partial", delete=False
            ) as partial:
                partial.write(text)
            os.replace(partial.name, target)
        return str(target)
