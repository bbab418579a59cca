"""`manage.py names_font`: makes static/fonts/rummy-names-400.woff2, the language switcher's font.

Every page names the languages in their own scripts (हिंदी, नेपाली, தமிழ்). A page in English
should not load the whole Devanagari and Tamil fonts (65 KB) for those three words, so they
come from a font holding only their letters and what shapes them (the fonts' layout tables,
kept whole for those glyphs): each script font's regular cut down to the names' letters, the
cuts merged into one file, one request of about 3 KB. Run it again when a language is added
(and add the new language's script font to languages/fonts.py); it prints the
`unicode-range` for static/css/app.css. It needs the dev dependencies (fontTools, Brotli);
the app itself never runs it.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from languages.fonts import DEVANAGARI, NAMES, TAMIL, switcher_letters

SOURCES = (DEVANAGARI[0], TAMIL[0])


class Command(BaseCommand):
    help = "Make the language switcher's small font from the script fonts in static/fonts/."

    def handle(self, *args: Any, **options: Any) -> None:
        from fontTools import subset
        from fontTools.merge import Merger
        from fontTools.ttLib import TTFont

        # fontTools tells every step at INFO, which the app's logging would print.
        logging.getLogger("fontTools").setLevel(logging.WARNING)
        folder = settings.BASE_DIR / "static"
        letters = switcher_letters()
        cuts: list[str] = []
        covered: set[str] = set()
        with tempfile.TemporaryDirectory() as scratch:
            for source in SOURCES:
                font = TTFont(folder / source)
                mine = "".join(c for c in letters if ord(c) in font.getBestCmap())
                if not mine:
                    continue
                covered.update(mine)
                cut = subset.Options()
                cut.layout_features = ["*"]  # every feature that shapes these letters
                cut.hinting = False
                cut.name_IDs = ["*"]  # the names table keeps the licence's notice
                subsetter = subset.Subsetter(cut)
                subsetter.populate(text=mine)
                subsetter.subset(font)
                font.flavor = None
                path = str(Path(scratch) / f"{len(cuts)}.ttf")
                font.save(path)
                cuts.append(path)
            missing = set(letters) - covered
            if missing:
                letters_missing = "".join(sorted(missing))
                raise CommandError(f"No script font in static/fonts/ has {letters_missing}")
            names = Merger().merge(cuts) if len(cuts) > 1 else TTFont(cuts[0])
            names.flavor = "woff2"
            names.save(folder / NAMES)
        size = (folder / NAMES).stat().st_size
        self.stdout.write(f"{NAMES}: {size} bytes, {len(letters)} letters")
        self.stdout.write("unicode-range: " + ", ".join(f"U+{ord(c):04X}" for c in letters) + ";")
