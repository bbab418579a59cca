"""The engine's sentences as phrases: English templates a translator can work from.

A `Phrase` is an English template with named placeholders (`%(card)s`) and the values that
fill them; `str(phrase)` is the sentence as the engine says it, the English every door
answers. The web screens say the same sentence in the reader's language: the app looks each
template up in its translations and fills in the same values (`common/rules_words.py`).
The engine itself knows nothing of languages, so it stays plain Python.

A value is a string or a number, put in as it is (card names such as `10H`, player ids,
what the request held); another phrase, said in the same language as the whole (the
fragments a sentence is made of: "The hand" in "The hand holds 7H 3 times"); or a tuple of
those, written with ", " between them (a list of cards). A plural phrase has a singular and
a plural template and the count that chooses between them, given to the template as
`count`; English takes the singular for 1.

`phrase(...)` and `plural(...)` are what the engine writes: `manage.py makemessages` finds
their templates by these names (`config/management/commands/makemessages.py`), so the
templates must be written out in the call, as string literals (adjacent literals are joined
as Python joins them; never an f-string or a name).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

Value = str | int  # a value put in as it is


@dataclass(frozen=True, slots=True)
class Phrase:
    """An English template, the values of its placeholders and, for a plural phrase, its
    plural template and the count that chooses."""

    template: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    count: int | None = None

    def __str__(self) -> str:
        return self.render(english)

    def render(self, template_of: Callable[[Phrase], str]) -> str:
        """The sentence, with `template_of` choosing each template (this phrase's and those
        of the phrases among its values); a phrase without values is its template as it is
        (no `%` is read in it)."""
        text = template_of(self)
        if not self.params:
            return text
        return text % {
            name: value if type(value) is str else _rendered(value, template_of)
            for name, value in self.params
        }


# A placeholder's value: as it is, another phrase, or several written with ", " between.
Param = Value | Phrase | tuple[Value | Phrase, ...]
# What the marker functions take: a list is kept as a tuple, so a phrase stays frozen.
Given = Param | Sequence[Value | Phrase]


def english(phrase: Phrase) -> str:
    """The English template: the plural one for any count but 1."""
    if phrase.plural is not None and phrase.count != 1:
        return phrase.plural
    return phrase.template


def phrase(template: str, /, **params: Given) -> Phrase:
    """A sentence or a piece of one; `template` must be a string literal (see above)."""
    return Phrase(template, _frozen(params))


def plural(singular: str, plural_: str, count: int, /, **params: Given) -> Phrase:
    """A sentence whose words follow `count` (`%(count)s` in the templates); both templates
    must be string literals."""
    return Phrase(singular, (("count", count), *_frozen(params)), plural_, count)


def _frozen(params: dict[str, Given]) -> tuple[tuple[str, Param], ...]:
    items = tuple(params.items())
    for _, value in items:
        if not isinstance(value, (str, int, Phrase, tuple)):
            return tuple(
                (name, value if isinstance(value, (str, int, Phrase)) else tuple(value))
                for name, value in items
            )
    return cast("tuple[tuple[str, Param], ...]", items)  # no list among them: frozen as it is


def _rendered(value: Param, template_of: Callable[[Phrase], str]) -> Value:
    if isinstance(value, Phrase):
        return value.render(template_of)
    if isinstance(value, tuple):
        return ", ".join(str(_rendered(item, template_of)) for item in value)
    return value
