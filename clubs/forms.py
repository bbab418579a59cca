"""Forms of the club and account screens: they parse what was typed; services decide."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Confirmation, Membership, Player
from clubs.presets import PRESETS
from clubs.roles import Role
from clubs.services import INVITABLE_ROLES
from common import bounds
from common.bounds import WholeNumberField
from common.rules_words import game_name
from scoring.rules.variants import DEFAULTS, OPTIONS, VARIANTS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@cache
def timezone_names() -> list[str]:
    return sorted(zoneinfo.available_timezones())


class TimezoneInput(forms.TextInput):
    """A text box with the zone names as suggestions: a 600-entry select is no use on a phone."""

    def __init__(self) -> None:
        super().__init__(attrs={"list": "timezone-names", "autocomplete": "off"})


class ClubForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Club name"))
    timezone = forms.CharField(
        max_length=64,
        label=_("Time zone"),
        initial="Asia/Kolkata",
        widget=TimezoneInput(),
        # Translators: keep the zone names as they are: they are what the field takes
        help_text=_("Session times are shown in this zone, e.g. Asia/Kolkata or Europe/London."),
    )
    is_public = forms.BooleanField(
        required=False,
        label=_("Public club"),
        help_text=_(
            "Anyone can see a public club's sessions and results; "
            "a private club's only its members."
        ),
    )


class SignupForm(UserCreationForm):
    """Username, a name to be known by at the table, an optional email for a forgotten password,
    and a password checked by the validators.
    """

    # The stubs declare no `Meta` on UserCreationForm, though Django defines one.
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]
        model = User
        fields = ("username", "first_name", "email")
        labels = {"first_name": _("Your name"), "email": _("Email (optional)")}
        help_texts = {
            "first_name": _("How scorers will see you at the table."),
            # Without an address a forgotten password cannot be reset from the login page.
            "email": _("Only used to send you a link if you forget your password."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first_name"].required = True


class PlayerNameForm(forms.Form):
    name = forms.CharField(max_length=60, label=_("Name"))


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"))

    def __init__(self, *args: Any, by_owner: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only an owner can make an owner, so only an owner is offered the choice.
        role = self.fields["role"]
        assert isinstance(role, forms.ChoiceField)
        role.choices = [
            (value, label) for value, label in Role.choices if by_owner or value != Role.OWNER
        ]


class MemberChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, membership: Membership) -> str:
        user = membership.user
        name = user.get_full_name()
        return f"{name} ({user.get_username()})" if name else user.get_username()


class LinkGuestForm(forms.Form):
    """Which member's account takes over a guest's results; only this club's members."""

    member = MemberChoiceField(queryset=Membership.objects.none(), label=_("Member's account"))

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        member = self.fields["member"]
        assert isinstance(member, forms.ModelChoiceField)
        member.queryset = (
            Membership.objects.filter(club=club).select_related("user").order_by("user__username")
        )


class InvitationForm(forms.Form):
    role = forms.ChoiceField(
        # Translators: the label of a choice of role: member, scorer or organiser
        label=_("Joins as"),
        choices=[(value, label) for value, label in Role.choices if value in INVITABLE_ROLES],
        initial=Role.MEMBER,
    )


class JoinForm(forms.Form):
    guest = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        blank=True,
        widget=forms.RadioSelect,
        empty_label=_("No, I have not played here as a guest"),
        label=_("Have you played here as a guest?"),
        help_text=_(
            "Pick your guest name: once an organiser approves, your past results become yours."
        ),
    )

    def __init__(self, *args: Any, guests: QuerySet[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        guest = self.fields["guest"]
        assert isinstance(guest, forms.ModelChoiceField)
        guest.queryset = guests


# One form field per engine option (scoring/rules/variants.py OPTIONS). The engine owns the
# ranges and checks them when the rules are saved; number fields take its ranges
# (common/bounds.py OPTIONS), so a number past one is answered at the field, before it.
def _choice(
    label: StrOrPromise,
    choices: list[tuple[Any, StrOrPromise]],
    coerce: Callable[[Any], Any] = str,
) -> Callable[[], forms.Field]:
    # Radio buttons: every choice readable at once on a phone, where a select cuts them off.
    return lambda: forms.TypedChoiceField(
        label=label, choices=choices, coerce=coerce, widget=forms.RadioSelect
    )


def _flag(label: StrOrPromise) -> Callable[[], forms.Field]:
    return lambda: forms.BooleanField(label=label, required=False)


def _number(name: str, label: StrOrPromise, help_text: StrOrPromise) -> Callable[[], forms.Field]:
    low, high = bounds.OPTIONS[name]
    return lambda: WholeNumberField(
        label=label, required=False, help_text=help_text, min_value=low, max_value=high
    )


def _charge(name: str, label: StrOrPromise, help_text: StrOrPromise) -> Callable[[], forms.Field]:
    # A house rule's charge: the form starts from the engine's default; blank keeps it.
    return _number(name, label, help_text)


OPTION_FIELDS: dict[str, Callable[[], forms.Field]] = {
    "decks": _number(
        "decks", _("Decks"), _("Leave blank for the usual number for the players at the table.")
    ),
    "jokers": _number("jokers", _("Printed jokers"), _("Leave blank for the game's usual number.")),
    "joker_mode": _choice(
        _("Jokers"),
        [
            # Translators: the "cut card" is turned up after the deal; its rank is wild
            ("standard", _("Printed jokers and the cut card's rank")),
            ("ace_jokers", _("As standard; aces too when a printed joker is cut")),
            ("printed_only", _("Printed jokers only (no card is cut)")),
            ("none", _("No jokers")),
        ],
    ),
    "ace_value": _choice(
        _("Aces count"),
        [
            # Translators: what an ace counts in a losing hand
            (10, _("10 points")),
            # Translators: what an ace counts in a losing hand
            (11, _("11 points")),
        ],
        coerce=int,
    ),
    "penalty_cap": _number(
        "penalty_cap",
        _("Penalty cap"),
        _("Most a loser pays in one hand; blank for no cap."),
    ),
    "two_pure": _flag(_("Both sequences must be pure")),
    "double_on_printed_joker": _flag(_("Double every payment when a printed joker is cut")),
    "scoring": _choice(
        pgettext_lazy("how a hand's payments change the scores", "Scoring"),
        [
            ("winner_takes", _("Winner takes: the winner goes up, losers stay")),
            ("zero_sum", _("Zero-sum: losers go down by what they pay")),
        ],
    ),
    # Translators: "pack" is the rummy move of leaving the hand (also called a drop)
    "drop_first": _charge(
        "drop_first", _("Pack on the first turn"), _("What a player who packs at once pays.")
    ),
    "drop_later": _charge(
        "drop_later",
        # Translators: "pack" is the rummy move of leaving the hand (also called a drop)
        _("Pack later (middle pack)"),
        _("What a player who packs later pays."),
    ),
    "wrong_show": _charge(
        "wrong_show",
        pgettext_lazy("a rummy declaration that was not valid", "Wrong show"),
        # Translators: a "show" is the rummy declaration of a player going out
        _("What a player pays for a show that was not valid."),
    ),
    "seen_points": _charge(
        "seen_points",
        # Translators: Marriage: a "seen" player has shown their sets and seen the maal
        _("From a seen player"),
        _("What the winner collects from a seen player."),
    ),
    "unseen_points": _charge(
        "unseen_points",
        # Translators: Marriage: an "unseen" player has not yet shown their sets
        _("From an unseen player"),
        _("What the winner collects from a player who has not seen."),
    ),
    "dublee_bonus": _charge(
        "dublee_bonus",
        # Translators: Marriage: a win with eight dublees (pairs of identical cards)
        _("Eight-dublee win"),
        _("What an eight-dublee winner collects from each player on top."),
    ),
    "unseen_maal": lambda: forms.TypedChoiceField(
        # Translators: Marriage: "value cards" are the maal
        label=_("An unseen player's value cards"),
        choices=[
            ("counts", _("Count like anyone's")),
            # Translators: "Murder" is what Marriage players call this house rule
            ("murder", _("Murder: they are void")),
            # Translators: "Kidnap" is what Marriage players call this house rule
            ("kidnap", _("Kidnap: the winner takes them")),
        ],
        widget=forms.RadioSelect,
        required=False,  # not chosen: the engine's default, "counts"
        empty_value=None,
    ),
    "wild_ranks": lambda: forms.TypedChoiceField(
        # Translators: Marriage: the "tiplu" is the wild card turned up after the deal
        label=_("Wild cards of the tiplu's rank"),
        choices=[
            # Translators: Marriage: all four cards of the tiplu's rank are wild (the tiplu and
            # the same rank in the other three suits)
            ("all", _("All four cards")),
            # Translators: Marriage: the "alter" is the tiplu's rank in the other suit of
            # the same colour (tiplu 7♥, alter 7♦)
            ("alter", _("Tiplu and alter only")),
        ],
        widget=forms.RadioSelect,
        required=False,  # not chosen: the engine's default, "all"
        empty_value=None,
    ),
    "alter_value": _charge(
        "alter_value",
        # Translators: Marriage: the maal (value-card points) of the alter, the tiplu's
        # rank in the other suit of the same colour
        _("Alter's maal"),
        _(
            "What one alter collects from each player; two collect 3 times it, three 5 times, "
            "an alter tunnela 7 times. 0: no maal."
        ),
    ),
    "man_value": _charge(
        "man_value",
        # Translators: Marriage: the "man" (also putali) is a printed joker; its maal is
        # what it collects
        _("Man's maal (printed joker)"),
        _(
            "What one man collects from each player; two collect 3 times it, three 5 times. "
            "Needs printed jokers in the decks."
        ),
    ),
    "negative_joker": _flag(_("Negative joker in play")),
    "ace_both_ends": _flag(_("Ace at both ends of one long sequence (A-2-...-K-A)")),
}

# What a blank number option means, for members reading the rules.
BLANK_MEANS = {"penalty_cap": _("No cap")}
# Translators: a number of decks or jokers left blank: the usual one for the players seated
BLANK_MEANS_USUALLY = _("Usual for the table")


class VariantRulesForm(forms.Form):
    """Every option of one game; only what differs from the engine's defaults is stored."""

    def __init__(self, *args: Any, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        for name in OPTIONS[variant]:
            self.fields[name] = OPTION_FIELDS[name]()

    @staticmethod
    def initial_for(variant: str, options: dict[str, Any]) -> dict[str, Any]:
        return {**DEFAULTS[variant], **options}

    def changed_options(self) -> dict[str, Any]:
        # Options left at the engine's default are not stored, so a later change of a
        # default reaches every club that never chose otherwise. decks and jokers have no
        # fixed default (they follow the table), so blank means "not chosen".
        defaults = DEFAULTS[self.variant]
        return {
            name: value
            for name, value in self.cleaned_data.items()
            # A blank field with a default (a house charge) keeps it rather than clearing it.
            if value != defaults.get(name)
            and not (value is None and defaults.get(name) is not None)
        }

    def add_engine_error(self, message: str, option: str | None) -> None:
        """The engine's sentence, next to the option it is about (or above the form)."""
        self.add_error(option if option in self.fields else None, message)


class LeaderboardWindowForm(forms.Form):
    leaderboard_days = WholeNumberField(
        required=False,
        min_value=0,
        max_value=bounds.LEADERBOARD_DAYS,
        label=_("Days without a rated session before a player leaves the leaderboard"),
        help_text=_(
            "They come back with their next rated session; their rating is kept. "
            "0 or blank: everyone stays."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class PoolForm(forms.Form):
    """A pool's house rules, the start of every pool session's set-up."""

    # The same words as the session's set-up, which these fill in.
    # Translators: how many times each player may rejoin the pool
    pool_rejoins = WholeNumberField(
        min_value=0,
        max_value=bounds.POOL_REJOINS,
        label=_("Rejoins each"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    pool_entry_fee = WholeNumberField(
        min_value=0,
        max_value=bounds.MONEY,
        label=_("Entry fee"),
        help_text=_(
            "Every pool starts from these; the scorer may change them for one evening. "
            "A rejoin pays the entry fee into the pot again."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class ConfirmationForm(forms.Form):
    """Who confirms each hand, the start of every session's set-up."""

    confirmation = forms.ChoiceField(
        label=_("Who confirms each hand"),
        choices=Confirmation.choices,
        help_text=_(
            "Every session starts with this; the scorer may choose another for one evening."
        ),
    )


class PresetForm(forms.Form):
    preset = forms.ChoiceField(label=_("Start from a common rule set"))

    def __init__(self, *args: Any, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        preset = self.fields["preset"]
        assert isinstance(preset, forms.ChoiceField)
        preset.choices = [(p.key, p.label) for p in PRESETS.get(variant, ())]


def variant_choices() -> list[tuple[str, str]]:
    return [(v, game_name(v)) for v in VARIANTS]
