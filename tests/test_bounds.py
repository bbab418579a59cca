"""Every whole number a person types has a bound from common/bounds.py, on every web form and
every request body of the API, and a number past it is refused with a sentence naming it.

The forms are found by walking every module of the apps, the request bodies by asking the
API schema's generator what each endpoint reads, so a new form or body with an unbounded
integer field fails here. docs/api.md's list of the bounds is checked against the module.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django import forms
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

from clubs.models import Club, Player
from common import bounds
from common.bounds import WholeNumber, WholeNumberField, WholeNumbersField
from scoring.rules.variants import VARIANTS
from tests.factories import make_club
from tournaments.services.setup import TARGET_LIMITS

APPS = ("clubs", "scoring", "leagues", "tournaments", "tab", "languages", "config")
NAMED_VALUES = set(bounds.NAMED.values())
DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def _modules() -> Iterator[str]:
    for app in APPS:
        package = importlib.import_module(app)
        yield app
        for module in pkgutil.walk_packages(package.__path__, prefix=f"{app}."):
            if ".migrations" not in module.name:
                yield module.name


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


def project_forms() -> list[type[forms.BaseForm]]:
    for name in _modules():
        importlib.import_module(name)
    return sorted(
        (c for c in _subclasses(forms.BaseForm) if c.__module__.split(".")[0] in APPS),
        key=lambda c: f"{c.__module__}.{c.__name__}",
    )


# How to make the forms whose constructor takes more than the data, as their views do.
def _builders(club: Club) -> dict[str, Callable[[Any], list[forms.BaseForm]]]:
    players = list(club.players.all())
    return {
        "PaymentForm": lambda data: [
            _form("tab.forms.PaymentForm")(data, club=club, today=_today())
        ],
        "EntryForm": lambda data: [_form("tournaments.forms.EntryForm")(data, players=players)],
        "SwapForm": lambda data: [_form("tournaments.forms.SwapForm")(data, players=players)],
        "JoinForm": lambda data: [_form("clubs.forms.JoinForm")(data, guests=club.players.all())],
        "LinkGuestForm": lambda data: [_form("clubs.forms.LinkGuestForm")(data, club=club)],
        "RoleForm": lambda data: [_form("clubs.forms.RoleForm")(data, by_owner=True)],
        "VariantRulesForm": lambda data: [
            _form("clubs.forms.VariantRulesForm")(data, variant=v) for v in VARIANTS
        ],
        "PresetForm": lambda data: [
            _form("clubs.forms.PresetForm")(data, variant=v) for v in VARIANTS
        ],
        "StartSessionForm": lambda data: [
            _form("scoring.forms.sessions.StartSessionForm")(data, variant=v, players=players)
            for v in VARIANTS
        ],
    }


def _form(path: str) -> Any:
    module, name = path.rsplit(".", 1)
    return getattr(importlib.import_module(module), name)


def _today() -> Any:
    from datetime import date

    return date(2026, 3, 14)


def built(cls: type[forms.BaseForm], club: Club, data: Any = None) -> list[forms.BaseForm]:
    builder = _builders(club).get(cls.__name__)
    if builder is not None:
        return builder(data)
    try:
        return [cls(data)]
    except TypeError as error:
        pytest.fail(f"{cls.__module__}.{cls.__name__} needs a builder in this test: {error}")


def whole_number_fields(form: forms.BaseForm) -> dict[str, forms.Field]:
    """Fields that read a whole number (or a list of them) from what was typed. A choice
    coerced to a number is bounded by its choices."""
    return {
        name: field
        for name, field in form.fields.items()
        if isinstance(field, forms.IntegerField | WholeNumbersField)
    }


def limit_of(most: int) -> int:
    """The column a bound must fit: ids are bigint, every other number an integer."""
    return bounds.INT64_MAX if most == bounds.ID else bounds.INT32_MAX


@pytest.mark.django_db
def test_every_whole_number_of_every_web_form_has_a_bound_and_names_it_past_the_bound():
    club = make_club("Walk Club")
    for name in ("Asha", "Bala"):
        Player.objects.create(club=club, name=name)
    checked = 0
    for cls in project_forms():
        blank = built(cls, club)
        past: dict[str, str] = {}
        for form in blank:
            for name, field in whole_number_fields(form).items():
                where = f"{cls.__name__}.{name}"
                assert field.max_value is not None, f"{where} has no bound"
                assert field.max_value in NAMED_VALUES, f"{where}: not a bound of common/bounds"
                assert field.max_value <= limit_of(field.max_value), where
                past[name] = str(field.max_value + 1)
        if not past:
            continue
        for form, refused in zip(blank, built(cls, club, past), strict=True):
            refused.is_valid()
            for name, field in whole_number_fields(form).items():
                message = " ".join(refused.errors.get(name, []))
                where = f"{cls.__name__}.{name}"
                assert str(field.max_value) in message, f"{where} took {past[name]}: {message!r}"
                if isinstance(field, WholeNumberField | WholeNumbersField):
                    assert str(field.label) in message, where
                checked += 1
    assert checked >= 30  # every form above: a walk that found nothing proves nothing


def request_serializers() -> list[serializers.BaseSerializer]:
    """What every endpoint that takes a body reads it with, as the API schema has it."""
    generator = SchemaGenerator()
    generator._initialise_endpoints()
    found = []
    for path, _, method, view in generator._get_paths_and_endpoints():
        if method not in ("POST", "PUT", "PATCH"):
            continue
        view.schema.method, view.schema.path = method, path
        body = view.schema.get_request_serializer()
        if isinstance(body, type) and issubclass(body, serializers.BaseSerializer):
            body = body()
        if isinstance(body, serializers.BaseSerializer):
            found.append(body)
    return found


def integer_fields(
    serializer: serializers.BaseSerializer, path: str = ""
) -> Iterator[tuple[str, serializers.IntegerField]]:
    if isinstance(serializer, serializers.ListSerializer):
        yield from integer_fields(serializer.child, f"{path}[]")
        return
    assert isinstance(serializer, serializers.Serializer)
    for name, field in serializer.fields.items():
        where = f"{path}.{name}" if path else name
        while isinstance(field, serializers.ListField | serializers.DictField):
            field, where = field.child, f"{where}[]"
        if isinstance(field, serializers.BaseSerializer):
            yield from integer_fields(field, where)
        elif isinstance(field, serializers.IntegerField) and not field.read_only:
            yield where, field


def test_every_whole_number_of_every_request_body_has_a_bound_and_names_it_past_the_bound():
    bodies = request_serializers()
    assert {type(b).__name__ for b in bodies} >= {
        "StartSessionSerializer",
        "HandEntrySerializer",
        "PaymentBodySerializer",
        "LeagueBodySerializer",
    }
    checked = 0
    for body in bodies:
        for where, field in integer_fields(body):
            where = f"{type(body).__name__}.{where}"
            assert field.max_value is not None, f"{where} has no bound"
            assert field.max_value in NAMED_VALUES, f"{where}: not a bound of common/bounds"
            assert field.max_value <= limit_of(field.max_value), where
            assert isinstance(field, WholeNumber), f"{where}: say the bound with WholeNumber"
            with pytest.raises(serializers.ValidationError) as refused:
                field.run_validation(field.max_value + 1)
            message = str(refused.value.detail[0])
            assert message.endswith(f"can be at most {field.max_value}."), (where, message)
            checked += 1
    assert checked >= 15


def test_each_bound_fits_its_column_and_what_adds_it_up():
    for name, most in bounds.NAMED.items():
        assert 0 < most <= limit_of(most), name
    # A pool's pot: every seat of the biggest table entering and rejoining at the most fee.
    assert bounds.MONEY * bounds.SEATS * (1 + bounds.POOL_REJOINS) <= bounds.INT32_MAX
    # One hand: a typed penalty doubled twice, paid by every other seat, plus the charges.
    charge = max(high for _, high in bounds.OPTIONS.values())
    most_in_a_hand = (bounds.SEATS - 1) * 4 * max(bounds.POINTS, charge)
    assert most_in_a_hand * 4_000 <= bounds.INT32_MAX  # a session of 4,000 such hands
    # The tournaments' services refine the round's target per ending, within the bound.
    assert max(TARGET_LIMITS.values()) == bounds.ROUND_TARGET


def test_the_api_docs_list_every_bound_as_config_bounds_has_it():
    text = DOCS.read_text()
    section = text.split("## Bounds on numbers", 1)[1].split("\n## ", 1)[0]
    listed = {
        name: int(value.replace(",", ""))
        for name, value in re.findall(r"^\| `([A-Z_\[\]a-z]+)` \| ([\d,]+) \|", section, re.M)
    }
    assert listed == bounds.NAMED
