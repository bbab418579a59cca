"""What a Marriage table's value cards came to, in words.

- `maal_notes`: what its `unseen_maal` rule did to the value cards of players who had not
  seen: "Bala's 12 value points kidnapped by Asha".
- `nepal_maal`: the alter and man maal each player's cards hold where the table plays
  Marriage as Nepal does: "2 alters 15, 1 man 5".

The stored ledger gives each player's bonus after the rule (0 for a murdered or kidnapped
one), not what it was before. That is asked of the engine again with the rule set to
`counts`, from the same entry, so the words always agree with the engine's own count
(typed bonuses and counted cards alike).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import rules
from scoring.hand_entry import HandEntry, ledger_by_position
from scoring.rules.variants import MARRIAGE_MAAL

MAAL_RULES = ("murder", "kidnap")


def maal_notes(
    entry: HandEntry,
    ledger: Mapping[str, Any],
    names: Mapping[int, str],
    *,
    variant: str,
    options: Mapping[str, object],
) -> tuple[str, ...]:
    """One sentence per unseen player whose value cards the table's rule took away."""
    rule = options.get("unseen_maal")
    if variant != "marriage" or rule not in MAAL_RULES or entry.void:
        return ()
    winner = next((seat.position for seat in entry.seats if seat.result == "won"), None)
    if winner is None:
        return ()
    unseen = [
        seat.position
        for seat in entry.seats
        if seat.position != winner and not seat.seen and seat.result != "dropped"
    ]
    if not unseen:
        return ()
    counted = _bonuses_if_counted(entry, names, variant=variant, options=options)
    details = ledger.get("details", {})
    notes = []
    for position in unseen:
        lost = counted.get(position, 0) - int(details.get(str(position), {}).get("bonus", 0))
        if lost <= 0:
            continue
        words = {"name": names.get(position, "?"), "points": lost}
        if rule == "kidnap":
            words["winner"] = names.get(winner, "?")
            notes.append(
                # Translators: Marriage's "kidnap" rule: the winner takes the value-card
                # points of a player who had not seen the joker.
                _("%(name)s's %(points)s value points kidnapped by %(winner)s") % words
            )
        else:
            notes.append(
                # Translators: Marriage's "murder" rule: the value-card points of a player
                # who had not seen the joker count for nothing.
                _("%(name)s's %(points)s value points murdered: %(name)s had not seen") % words
            )
    return tuple(notes)


def _bonuses_if_counted(
    entry: HandEntry,
    names: Mapping[int, str],
    *,
    variant: str,
    options: Mapping[str, object],
) -> dict[int, int]:
    """Each seat's value-card bonus had the table counted everyone's (`counts`)."""
    dealt = {seat.position: names.get(seat.position, "?") for seat in entry.seats}
    game = entry.engine_game(variant=variant, options={**options, "unseen_maal": "counts"})
    try:
        ledger = rules.score_hand(game, entry.engine_players(dealt), depleted=entry.depleted)
    except rules.RulesError:
        # The hand was scored under the table's rule a moment ago; a refusal now says
        # nothing about the value cards, so no sentence is better than a wrong one.
        return {}
    details = ledger_by_position(ledger, dealt)["details"]
    return {int(pos): int(detail.get("bonus") or 0) for pos, detail in details.items()}


def nepal_maal(
    entry: HandEntry, *, variant: str, options: Mapping[str, object]
) -> dict[int, tuple[str, ...]]:
    """Each seat's alter and man maal, by position, for the seats whose cards were picked
    and hold some: the engine's own bonus breakdown of those cards, in words, a piece a
    category ("2 alters 15", "1 man 5")."""
    # Nothing to say while neither the alter nor the man is worth anything.
    if variant != "marriage" or entry.void or not any(options.get(o) for o in MARRIAGE_MAAL):
        return {}
    game = entry.engine_game(variant=variant, options=options)
    said = {}
    for seat in entry.seats:
        if seat.cards is None or seat.result in ("dropped", "wrong_show"):
            continue
        try:
            lines = rules.hand_bonus(game, seat.cards).breakdown
        except rules.RulesError:
            continue  # the ledger says what is wrong with these cards
        words = [_maal_words(line.category, line.count, line.points) for line in lines]
        shown = [word for word in words if word]
        if shown:
            said[seat.position] = tuple(shown)
    return said


def _maal_words(category: str, count: int, points: int) -> str:
    words = {"count": count, "points": points}
    if category == "alter":
        # Translators: Marriage maal: alters held and what they collect, "2 alters 15"; the
        # alter is the tiplu's rank in the other suit of its colour
        return ngettext("%(count)s alter %(points)s", "%(count)s alters %(points)s", count) % words
    if category == "man":
        # Translators: Marriage maal: printed jokers (the "man", also putali) held and what
        # they collect, "1 man 5"
        return ngettext("%(count)s man %(points)s", "%(count)s men %(points)s", count) % words
    if category == "alter_tunnela":
        # Translators: Marriage maal: initial tunnelas of three alters and what they collect
        return (
            ngettext(
                "%(count)s alter tunnela %(points)s", "%(count)s alter tunnelas %(points)s", count
            )
            % words
        )
    return ""
