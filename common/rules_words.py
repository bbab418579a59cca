"""The rules engine's sentences in the reader's language, for the web screens.

The engine words its refusals (`RulesError.phrase`) and its show verdicts
(`ShowVerdict.reason_phrase`) as phrases: English templates with named placeholders
(`scoring/rules/phrases.py`). Its doors answer the English (`error.message`,
`verdict.reason`), which the rules contract fixes word for word; a page says the same
sentence through gettext instead: each template is looked up in the active language's
catalogue (`ngettext` for a plural one), the phrases among the values likewise, and then
the values are filled in. `manage.py makemessages` finds the templates
(`config/management/commands/makemessages.py`).

With no translation active, or none for a template, the text is the engine's English.
"""

from __future__ import annotations

import logging

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext

from scoring.rules import RulesError
from scoring.rules.phrases import Phrase
from scoring.rules.variants import GAME_PHRASES

logger = logging.getLogger(__name__)


def translated(phrase: Phrase) -> str:
    """The phrase in the active language. A translation that does not fit its values (a
    placeholder misspelt) falls back to the English rather than failing the page."""
    try:
        return phrase.render(_template)
    except (KeyError, ValueError, TypeError):
        logger.warning("A translation of %r does not fit its values", phrase.template)
        return str(phrase)


def error_text(error: RulesError) -> str:
    """The sentence of an engine refusal, in the active language."""
    return translated(error.phrase)


def _template(phrase: Phrase) -> str:
    if not phrase.template:
        return phrase.template  # gettext("") is the catalogue's header, not a translation
    if phrase.plural is None:
        return gettext(phrase.template)
    return ngettext(phrase.template, phrase.plural, phrase.count or 0)


def game_name(variant: str) -> str:
    """A game's name in the active language ("Indian Rummy", "वाझुशल" ...)."""
    return translated(GAME_PHRASES[variant])


# For names written when a module loads (form choices, model choices): the language is
# the one active when the name is shown, not when it was written.
game_label = lazy(game_name, str)
