"""Numbers a person reads follow their language: lakhs in Hindi, Nepali and Tamil."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.template.loader import render_to_string
from django.utils import translation

from common.numbers import grouped
from scoring.display.summary import session_summary
from scoring.selectors import session_board
from tests.factories import make_club, make_session, record, typed_entry


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "12345678"), ("hi", "1,23,45,678"), ("ne", "1,23,45,678"), ("ta", "1,23,45,678")],
)
def test_whole_numbers_are_grouped_the_language_s_way(language, expected):
    with translation.override(language):
        assert grouped(12345678) == expected


def test_small_numbers_and_signs_are_kept():
    with translation.override("hi"):
        assert grouped(999) == "999"
        assert grouped(-150000) == "-1,50,000"
        assert grouped(0) == "0"


def test_the_template_filter_groups_only_whole_numbers():
    template = Template("{% load numbers %}{{ a|grouped }} {{ b|grouped }} {{ c|grouped }}")
    with translation.override("ta"):
        text = template.render(Context({"a": 250000, "b": "+40", "c": True}))
    assert text == "2,50,000 +40 True"


@pytest.mark.django_db
def test_a_settlement_in_money_is_grouped_in_lakhs_in_hindi():
    session = make_session(make_club("Lakh Club"), stake=1000)
    record(session, typed_entry(0, {1: 150, 2: 20}))
    summary = session_summary(session_board(session))
    assert {s.name: s.net for s in summary.standings}["Bala"] == -150_000
    template = "scoring/partials/summary_settlement.html"
    with translation.override("hi"):
        assert "1,50,000" in render_to_string(template, {"summary": summary})
    with translation.override("en"):
        assert "150000" in render_to_string(template, {"summary": summary})
