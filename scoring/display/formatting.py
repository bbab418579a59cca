"""How points and the games' own words read on the screens."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from django.utils.translation import pgettext_lazy

from scoring.rules import DESIGNATOR_NAMES

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


class Words(Mapping[str, str]):
    """Words for codes, marked for translation where they are written (lazily, at import)
    and read in the language of the request being served: reading one gives a plain `str`,
    which joins, formats and compares like any other text. The keys stay the codes."""

    def __init__(self, words: Mapping[str, StrPromise | str]) -> None:
        self._words = dict(words)

    def __getitem__(self, key: str) -> str:
        return str(self._words[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)


# The engine's name of the card that decides the wild cards, as a label and in a sentence.
_DESIGNATOR_LABELS: dict[str, StrPromise] = {
    "exposed card": pgettext_lazy("the card turned up to decide the wild cards", "Exposed card"),
    "tiplu": pgettext_lazy("Marriage: the card turned up to decide the wild cards", "Tiplu"),
    "negative joker": pgettext_lazy(
        "Vazhushal: the card turned up to decide the wild cards", "Negative joker"
    ),
}
_DESIGNATOR_NOUNS: dict[str, StrPromise] = {
    "exposed card": pgettext_lazy(
        "the card turned up to decide the wild cards, inside a sentence", "exposed card"
    ),
    "tiplu": pgettext_lazy(
        "Marriage: the card turned up to decide the wild cards, inside a sentence", "tiplu"
    ),
    "negative joker": pgettext_lazy(
        "Vazhushal: the card turned up to decide the wild cards, inside a sentence",
        "negative joker",
    ),
}

# What the card that decides the wild cards is called in each game, as a label ("Tiplu").
WILD_LABELS: Mapping[str, str] = Words(
    {
        variant: _DESIGNATOR_LABELS.get(name, name.capitalize())
        for variant, name in DESIGNATOR_NAMES.items()
    }
)
# The same inside a sentence ("Choose the tiplu first.").
WILD_NOUNS: Mapping[str, str] = Words(
    {variant: _DESIGNATOR_NOUNS.get(name, name) for variant, name in DESIGNATOR_NAMES.items()}
)
