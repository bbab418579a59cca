"""What a Marriage table's `unseen_maal` rule did to the value cards of players who had not
seen: "Bala's 12 value points kidnapped by Asha".

The stored ledger gives each player's bonus after the rule (0 for a murdered or kidnapped
one), not what it was before. That is asked of the engine again with the rule set to
`counts`, from the same entry, so the words always agree with the engine's own count
(typed bonuses and counted cards alike).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from scoring import rules
from scoring.hand_entry import HandEntry, ledger_by_position

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
