"""The hash chain's canonical form (scoring/chain.py): plain values, no database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from scoring import chain

WHEN = datetime(2026, 11, 29, 20, 15, 3, 120, tzinfo=UTC)


def content(**changes):
    fields = {
        "session": 7,
        "hand": 3,
        "dealer": 1,
        "version": 1,
        "status": "played",
        "entry": {"seats": [{"position": 0, "result": "won"}], "wild": "7H"},
        "ledger": {"scores": {"0": 0, "1": 40}, "transfers": []},
        "client_key": "9a5c0f63-3f9e-4c39-9b55-1f1d4b2f0c11",
        "by": 4,
        "at": WHEN,
        "reason": "",
        "revision": 3,
    }
    return chain.version_content(**{**fields, **changes})


def test_the_canonical_form_does_not_depend_on_key_order_or_spacing():
    one = {"b": 1, "a": {"y": [1, 2], "x": "पाँच"}}
    other = {"a": {"x": "पाँच", "y": [1, 2]}, "b": 1}
    assert chain.canonical(one) == chain.canonical(other)
    assert chain.canonical(one) == '{"a":{"x":"पाँच","y":[1,2]},"b":1}'.encode()


def test_a_digest_is_the_sha256_of_the_previous_digest_and_the_content():
    digest = chain.link(chain.START, content())
    assert len(digest) == 64 and int(digest, 16) >= 0
    assert chain.link(chain.START, content()) == digest  # the same record, the same digest


def test_every_field_of_a_version_and_the_record_before_it_change_the_digest():
    digest = chain.link(chain.START, content())
    changed = [
        content(hand=4),
        content(dealer=2),
        content(version=2),
        content(status="void"),
        content(entry={"seats": [], "wild": "7H"}),
        content(ledger={"scores": {"0": 0, "1": 41}, "transfers": []}),
        content(client_key="00000000-0000-0000-0000-000000000000"),
        content(by=5),
        content(by=None),
        content(at=WHEN + timedelta(microseconds=1)),
        content(reason="typo"),
        content(revision=4),
        content(session=8),
    ]
    digests = {chain.link(chain.START, one) for one in changed}
    assert digest not in digests and len(digests) == len(changed)
    assert chain.link("1" * 64, content()) != digest


def test_a_time_is_the_same_record_whatever_zone_it_was_read_in():
    india = timezone(timedelta(hours=5, minutes=30))
    assert content(at=WHEN.astimezone(india)) == content()
    assert content()["at"] == "2026-11-29T20:15:03.000120Z"


def test_the_short_code_is_the_heads_first_eight_hex_digits_in_two_groups():
    assert chain.short_code("7f3a92c1" + "0" * 56) == "7F3A-92C1"
    assert chain.short_code("") == ""
