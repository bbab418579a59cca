"""One player's cards in one game: counts, wild cards, values and the search over them."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bounds import HALVES, joker_demand
from .cards import JOKER, counts_of
from .judge import classify
from .search import Arrangement, Goal, Meld, MeldAllChecks, MeldRules, arrange
from .table_rules import card_values, meld_rules, wild_flags
from .variants import Table


@dataclass
class Hand:
    table: Table
    cards: list[int]
    counts: list[int] = field(init=False)
    wild: list[bool] = field(init=False)
    values: list[int] = field(init=False)
    rules: MeldRules = field(init=False)

    def __post_init__(self) -> None:
        self.counts = counts_of(self.cards)
        self.wild = wild_flags(self.table)
        self.values = card_values(self.table, self.wild)
        self.rules = meld_rules(self.table)

    def arrange(self, goal: Goal, limit: int | None = None) -> Arrangement | None:
        found = arrange(self.counts, self.wild, self.values, self.rules, goal, limit)
        return self._named(found)

    def meld_all(self, checks: MeldAllChecks) -> Arrangement | None:
        """Every card in melds, as `arrange(Goal(meld_all=True))` finds it, with a search
        shared by many hands of one game."""
        return self._named(checks.arrange(self.counts))

    def _named(self, found: Arrangement | None) -> Arrangement | None:
        if found is not None:
            # The search names a meld by how it used it; a group of wild cards can be more
            # (three aces under an exposed ace are a sequence of jokers, not just a set, and
            # a wild card in its own place keeps a sequence pure), so name each the way a
            # table judges it.
            vazhushal = self.table.variant == "vazhushal"
            for meld in found.melds:
                meld.kind = classify(meld.cards, self.rules, self.wild, vazhushal) or meld.kind
        return found

    def is_wild(self, card: int) -> bool:
        return card == JOKER or self.wild[card]

    @property
    def wild_count(self) -> int:
        return sum(1 for card in self.cards if self.is_wild(card))

    @property
    def dublee_count(self) -> int:
        """Dublees that can be laid at once: pairs of identical cards (printed jokers where
        the game allows)."""
        plain = sum(count // 2 for count in self.counts[:52])
        return plain + (self.counts[JOKER] // 2 if self.rules.joker_dublee else 0)

    def dublees(self) -> list[Meld]:
        """Every dublee the hand can lay at once."""
        melds: list[Meld] = []
        for card, count in enumerate(self.counts):
            if card == JOKER and not self.rules.joker_dublee:
                continue
            melds.extend(Meld("dublee", [card, card]) for _ in range(count // 2))
        return melds

    @property
    def tunnela_count(self) -> int:
        plain = sum(count // 3 for count in self.counts[:52]) if self.rules.tunnela else 0
        return plain + (self.counts[JOKER] // 3 if self.rules.joker_tunnela else 0)

    def lonely_cards(self) -> int:
        """Plain cards that cannot meld without a wild card beside them.

        A plain card with no possible partner (same suit within two ranks, the same rank
        in another suit, or copies of itself where they meld) is lonely.
        """
        counts = self.counts
        lonely = 0
        for card in range(52):
            if counts[card] == 0 or self.wild[card]:
                continue
            if counts[card] >= 3 and self.rules.tunnela:
                continue  # a tunnela of its own
            if counts[card] >= 2 and self.rules.set_mode == "rummy27":
                continue  # two copies and a wild card make a rummy27 set
            suit, rank = divmod(card, 13)
            # Run positions 1 (ace low) .. 14 (ace high); an ace stands at both ends.
            places = (1, 14) if rank == 0 else (rank + 1,)
            near = {
                place + step
                for place in places
                for step in (-2, -1, 1, 2)
                if 1 <= place + step <= 14
            }
            if any(counts[suit * 13 + (position - 1) % 13] for position in near):
                continue
            if any(counts[other * 13 + rank] for other in range(4) if other != suit):
                continue
            lonely += counts[card]
        return lonely

    def could_meld_all(self) -> bool:
        """A quick necessary test before searching for an arrangement of every card: each
        card with no partner needs a wild card of its own beside it."""
        return self.lonely_cards() <= self.wild_count

    def short_of_jokers(self, jokers: int) -> bool:
        """Whether melding every natural card (every card not wild) surely takes more
        than `jokers` jokers (see bounds.joker_demand)."""
        naturals = bytes(0 if self.wild[card] else n for card, n in enumerate(self.counts[:52]))
        copies_set = self.rules.set_mode == "rummy27"
        return joker_demand(naturals, copies_set, self.rules.tunnela) > HALVES * jokers

    def could_hold_pure(self, sequences: int) -> bool:
        """Whether the hand has room for this many pure sequences (or their stand-ins)."""
        if sequences == 1:
            return self._has_a_pure_sequence()
        return self.arrange(Goal(meld_all=False, pure=sequences, pure_only=True)) is not None

    def _has_a_pure_sequence(self) -> bool:
        """Three consecutive ranks of one suit (a tunnela where it stands in), at a glance."""
        counts = self.counts
        if self.rules.tunnela_is_pure and any(count >= 3 for count in counts[:52]):
            return True
        for base in (0, 13, 26, 39):
            run = 0
            for rank in range(14):  # the ace twice: low and high
                run = run + 1 if counts[base + rank % 13] else 0
                if run == 3:
                    return True
        return False

    @property
    def total_value(self) -> int:
        return sum(self.values[card] for card in self.cards if card != JOKER)
