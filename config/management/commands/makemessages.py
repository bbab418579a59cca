"""`manage.py makemessages`, which also finds the rules engine's sentences.

The rules engine (`scoring/rules/`) imports no Django, so it cannot mark its sentences with
gettext. It writes each one as a phrase instead: `phrase("... %(card)s ...", card=...)`, or
`plural("%(count)s tunnela", "%(count)s tunnelas", count)` for one whose words follow a
number (`scoring/rules/phrases.py`); the web screens look the templates up in the
catalogues when they show them (`common/rules_words.py`). Django's own command tells
xgettext only of gettext's names, so the engine's templates would never reach the `.po`
files: this one adds the two as keywords, `phrase` with its template as the first argument,
`plural` with the singular and the plural as the first two (as `ngettext`).
"""

from __future__ import annotations

from django.core.management.commands import makemessages

ENGINE_KEYWORDS = ["--keyword=phrase:1", "--keyword=plural:1,2"]


# What is not the app's own source: the virtualenv, files collected or vendored, the
# minified htmx, tests and benchmarks (whose strings no person reads).
NOT_SOURCE = [
    ".venv/*",
    "node_modules/*",
    "staticfiles/*",
    "static/vendor/*",
    "static/js/htmx.min.js",
    "tests/*",
    "bench/*",
]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]

    def handle(self, *args: object, **options: object) -> None:
        ignored = options.get("ignore_patterns")
        options["ignore_patterns"] = [*(ignored if isinstance(ignored, list) else []), *NOT_SOURCE]
        super().handle(*args, **options)
