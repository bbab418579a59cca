"""What a pool or a deals session stands at, worked out from its hands and seat changes.

Plain Python (Django only translates the sentences of `why_no_rejoin`), so the board, the
results for leagues and the tests share one reading of the formats:

- **Pool**: every player starts at 0 and each hand adds what that player paid the winner
  for it (a loser's penalty, a pack, a wrong show; value-card bonuses are not pool points).
  Reaching the limit puts a player out. While at least two players are in and the highest
  score in play is below the rejoin mark, a player who is out may rejoin (as often as the
  session allows) at the highest score in play plus one, paying the entry fee into the pot
  again. The pool ends when one player is left; they win the pot. Or the players still in
  agree to stop and split it (`equal_shares`, `check_shares`); `Pot` is the money either way.
- **Deals**: every player starts with the same stack of chips and each hand's payments move
  chips from payer to payee; after the last deal the most chips wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# What a player adds to their own pool score: what they paid the winner for losing.
POOL_REASONS = frozenset({"penalty", "drop", "wrong_show"})
# The games a pool is played in, and each usual limit's rejoin mark (the highest score in
# play must be below it for anyone to rejoin).
POOL_GAMES = frozenset({"indian13", "indian21"})
REJOIN_MARKS = {101: 79, 201: 174}
DEFAULT_POOL_LIMIT = 101
# Deals are played for chips moved by each hand's payments, so not Vazhushal's game points.
DEALS_GAMES = frozenset({"indian13", "indian21", "rummy27", "marriage"})
CHIPS_PER_DEAL = 80


def default_rejoin_mark(limit: int) -> int:
    """79 for 101 and 174 for 201 as clubs play them; other limits keep the same share."""
    return REJOIN_MARKS.get(limit, max(1, round(limit * 79 / 101)))


@dataclass(frozen=True)
class PoolRules:
    limit: int
    rejoins: int
    rejoin_below: int
    entry_fee: int


@dataclass(frozen=True)
class Entry:
    """A seat came into the pool (at the start, sitting down, substituting, rejoining)."""

    after_number: int
    position: int
    score: int
    kind: str  # "start", "joined", "substitute", "rejoined"
    replaced: int | None = None


@dataclass(frozen=True)
class Leaving:
    after_number: int
    position: int


@dataclass(frozen=True)
class PoolEvent:
    kind: str  # "out" or "rejoined"
    position: int
    score: int  # the score that put them out, or the one they came back at
    hand: int | None = None  # the hand (as the session shows it) they went out in


@dataclass
class PoolState:
    scores: dict[int, int] = field(default_factory=dict)
    in_play: list[int] = field(default_factory=list)  # positions, in the order they entered
    # Position -> the hand (as the session shows it) in which they went out, in that order.
    out_at: dict[int, int] = field(default_factory=dict)
    left: set[int] = field(default_factory=set)
    rejoins: dict[int, int] = field(default_factory=dict)
    entries: int = 0  # fees paid: every entry and every rejoin
    paid_in: dict[int, int] = field(default_factory=dict)  # position -> fees it paid
    # Every going out and every rejoining, in the order they happened (out_at keeps only
    # the latest going out of a player who rejoined).
    history: list[PoolEvent] = field(default_factory=list)
    # The scores of the players in the pool after each hand, for the chart.
    running: list[dict[int, int]] = field(default_factory=list)

    def highest_in_play(self) -> int:
        return max((self.scores[pos] for pos in self.in_play), default=0)

    def pot(self, rules: PoolRules) -> int:
        return self.entries * rules.entry_fee

    @property
    def winner(self) -> int | None:
        """The one player left, once someone has gone out."""
        if len(self.in_play) == 1 and (self.out_at or self.left):
            return self.in_play[0]
        return None

    def why_no_rejoin(self, position: int, rules: PoolRules) -> str | None:
        """None when `position` may rejoin now, else the sentence saying why not."""
        if position not in self.out_at:
            return _("Only a player who went out of the pool can rejoin it.")
        if self.rejoins.get(position, 0) >= rules.rejoins:
            if rules.rejoins == 0:
                return _("This pool does not let players rejoin.")
            if rules.rejoins == 1:
                return _("A player may rejoin this pool once; that is used up.")
            return ngettext(
                "A player may rejoin this pool %(count)s time; that is used up.",
                "A player may rejoin this pool %(count)s times; that is used up.",
                rules.rejoins,
            ) % {"count": rules.rejoins}
        if len(self.in_play) < 2:
            return _("The pool is over: only one player is left in it.")
        if self.highest_in_play() >= rules.rejoin_below:
            return _(
                "Rejoining closes once a score in play reaches %(mark)s; "
                "the highest is %(highest)s."
            ) % {"mark": rules.rejoin_below, "highest": self.highest_in_play()}
        return None

    def place_order(self) -> list[int]:
        """Positions from first to last: the players still in (lowest score first), then
        those out, the last to go out first."""
        staying = sorted(self.in_play, key=lambda pos: (self.scores[pos], pos))
        gone = sorted(self.out_at, key=lambda pos: -self.out_at[pos])
        return staying + gone + sorted(self.left - set(staying) - set(gone))


def pool_charges(ledger: Mapping[str, Any]) -> dict[int, int]:
    """What each position paid the winner in one hand's ledger, by the pool's reckoning."""
    charged: dict[int, int] = {}
    for transfer in ledger.get("transfers", []):
        if transfer.get("reason") in POOL_REASONS:
            payer = int(transfer["from"])
            charged[payer] = charged.get(payer, 0) + int(transfer["points"])
    return charged


@dataclass(frozen=True)
class PlayedHand:
    number: int  # stored number (orders hands and seat changes)
    shown_number: int
    ledger: Mapping[str, Any]


def pool_state(
    rules: PoolRules,
    *,
    hands: Sequence[PlayedHand],
    entries: Iterable[Entry],
    leavings: Iterable[Leaving] = (),
) -> PoolState:
    """Replay the pool: seat changes after hand N apply before hand N + 1."""
    events: list[tuple[int, int, Entry | Leaving]] = [
        (entry.after_number, 0, entry) for entry in entries
    ] + [(leaving.after_number, 1, leaving) for leaving in leavings]
    events.sort(key=lambda event: (event[0], event[1]))
    state = PoolState()
    pending = iter(events)
    upcoming = next(pending, None)

    def apply_events_through(number: int) -> None:
        nonlocal upcoming
        while upcoming is not None and upcoming[0] <= number:
            _apply(state, upcoming[2])
            upcoming = next(pending, None)

    for hand in hands:
        apply_events_through(hand.number - 1)
        for pos, points in pool_charges(hand.ledger).items():
            if pos in state.in_play:
                state.scores[pos] += points
        for pos in list(state.in_play):
            if state.scores[pos] >= rules.limit:
                state.in_play.remove(pos)
                state.out_at[pos] = hand.shown_number
                state.history.append(PoolEvent("out", pos, state.scores[pos], hand.shown_number))
        state.running.append(dict(state.scores))
    apply_events_through(10**9)
    return state


def _apply(state: PoolState, event: Entry | Leaving) -> None:
    if isinstance(event, Leaving):
        if event.position in state.in_play:
            state.in_play.remove(event.position)
        state.left.add(event.position)
        return
    if event.kind == "substitute" and event.replaced is not None:
        # The substitute plays on from the seat's score; the fee was paid for the seat.
        if event.replaced in state.in_play:
            state.in_play.remove(event.replaced)
        state.left.add(event.replaced)
    else:
        state.entries += 1
        state.paid_in[event.position] = state.paid_in.get(event.position, 0) + 1
    if event.kind == "rejoined":
        state.out_at.pop(event.position, None)
        state.rejoins[event.position] = state.rejoins.get(event.position, 0) + 1
        state.history.append(PoolEvent("rejoined", event.position, event.score))
    state.left.discard(event.position)
    state.scores[event.position] = event.score
    state.in_play.append(event.position)


# How a pot was shared: the last player in took it, or the players still in split it.
WINNER, EQUAL, AMOUNTS = "winner", "equal", "amounts"


@dataclass(frozen=True)
class Pot:
    """The money of a pool: every fee paid in, and who takes what out.

    `shares` is empty until the pot is settled (one player left, or a split recorded);
    then each player's money is their share less the fees they paid, and the money of the
    whole table sums to 0."""

    total: int
    entry_fee: int
    fees: dict[int, int]  # position -> the fees it paid (entries and rejoins)
    shares: dict[int, int]  # position -> what it takes out of the pot
    split: str  # "" while unsettled, WINNER, EQUAL or AMOUNTS

    @property
    def settled(self) -> bool:
        return bool(self.split)

    @property
    def money(self) -> dict[int, int]:
        """Each position's money: 0 for everyone while the pot is unsettled."""
        if not self.settled:
            return dict.fromkeys(self.fees, 0)
        return {pos: self.shares.get(pos, 0) - paid for pos, paid in self.fees.items()}


def pool_pot(state: PoolState, rules: PoolRules, *, split: str, stored: Mapping[str, int]) -> Pot:
    """The pot from the replayed pool and the split recorded on the session (if any)."""
    fees = {pos: state.paid_in.get(pos, 0) * rules.entry_fee for pos in state.scores}
    total = state.pot(rules)
    if split:
        shares = {int(pos): amount for pos, amount in stored.items()}
    elif state.winner is not None:
        split, shares = WINNER, {state.winner: total}
    else:
        shares = {}
    return Pot(total=total, entry_fee=rules.entry_fee, fees=fees, shares=shares, split=split)


def equal_shares(total: int, order: Sequence[int]) -> dict[int, int]:
    """The pot in equal whole shares among `order` (the players still in, in the order
    they sit from the dealer's left); what does not divide goes one each to the first."""
    each, left_over = divmod(total, len(order))
    return {pos: each + (1 if index < left_over else 0) for index, pos in enumerate(order)}


def check_shares(total: int, in_play: Iterable[int], shares: Mapping[int, int]) -> str | None:
    """None when `shares` splits the pot among the players still in, else why not (a
    sentence). Every player still in gets a share (0 when not named)."""
    if set(shares) - set(in_play):
        return _("Only the players still in the pool share its pot.")
    if any(amount < 0 for amount in shares.values()):
        return _("Give each share as a whole number, 0 or more.")
    given = sum(shares.values())
    if given != total:
        return _("The shares add up to %(given)s; they must add up to the pot, %(pot)s.") % {
            "given": given,
            "pot": total,
        }
    return None


def chips(
    stack: int, positions: Iterable[int], transfers: Iterable[Mapping[str, Any]]
) -> dict[int, int]:
    """Each position's chips after the hands' payments, from the same starting stack."""
    held = dict.fromkeys(positions, stack)
    for transfer in transfers:
        held[int(transfer["from"])] = held.get(int(transfer["from"]), stack) - transfer["points"]
        held[int(transfer["to"])] = held.get(int(transfer["to"]), stack) + transfer["points"]
    return held
