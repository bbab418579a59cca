"""`make run` loads the demo club: it must work on an empty database and only once, and never
gives a production site accounts with the README's password."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from demo.club import DEMO_PASSWORD, USERS
from leagues.models import Rating, Standing
from scoring.models import GameSession, HandVersion, SessionStatus
from scoring.rules.variants import VARIANTS
from tournaments.models import RoundStatus, Tournament
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db


OWN_PASSWORD = "felt-and-chips-2026"


@pytest.fixture
def development(settings):
    """What `make run` sets (DEBUG=1); tests otherwise run as production does."""
    settings.DEBUG = True


@pytest.fixture
def no_demo_password(monkeypatch):
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)


def demo_logins() -> list[User]:
    return list(User.objects.filter(username__in=[username for username, *_ in USERS]))


def test_the_demo_has_a_finished_session_of_every_game_and_loads_only_once(
    capsys, development, no_demo_password
):
    call_command("seed_demo")
    first = capsys.readouterr().out
    call_command("seed_demo")
    again = capsys.readouterr().out

    club_sessions = GameSession.objects.filter(tournament_table__isnull=True)
    finished = club_sessions.filter(status=SessionStatus.FINISHED)
    assert set(finished.values_list("variant", flat=True)) == set(VARIANTS)
    assert club_sessions.filter(status=SessionStatus.ACTIVE).count() == 1
    assert club_sessions.count() == len(VARIANTS) + 1
    assert HandVersion.objects.filter(version=2, reason__startswith="Recounted").exists()
    # The demo league's table (the tournament's tables count in it too: eight players) and
    # the leaderboards are filled in as well.
    assert Standing.objects.filter(league__name="Demo season").count() == 8
    assert set(Rating.objects.values_list("variant", flat=True)) == set(VARIANTS)
    # A tournament half way: round 1 played, round 2 in play, its public pages released.
    cup = Tournament.objects.get(name="Demo Cup")
    assert cup.published
    assert list(cup.round_set.values_list("number", "status")) == [
        (1, RoundStatus.FINISHED),
        (2, RoundStatus.STARTED),
    ]
    overall = tournament_standings(cup).overall
    assert len(overall) == 8
    assert all(line.played >= 1 for line in overall)
    assert f"the password is {DEMO_PASSWORD}" in first
    assert "already loaded" in again
    assert all(user.check_password(DEMO_PASSWORD) for user in demo_logins())


def test_without_debug_the_demo_refuses_to_load_and_says_how(no_demo_password) -> None:
    with pytest.raises(CommandError, match="runs only with DEBUG=1") as refused:
        call_command("seed_demo")
    assert "--allow-production" in str(refused.value)
    assert demo_logins() == []


def test_allowing_production_still_needs_a_password_of_its_own(no_demo_password) -> None:
    with pytest.raises(CommandError, match="needs a password of its own"):
        call_command("seed_demo", allow_production=True)
    assert demo_logins() == []


@pytest.mark.parametrize("password", [DEMO_PASSWORD, "12345678"])
def test_the_public_password_or_a_weak_one_is_refused_in_production(
    password, no_demo_password
) -> None:
    with pytest.raises(CommandError, match="password"):
        call_command("seed_demo", allow_production=True, password=password)
    assert demo_logins() == []


def test_the_public_password_is_refused_from_the_environment_too(monkeypatch) -> None:
    monkeypatch.setenv("DEMO_PASSWORD", DEMO_PASSWORD)
    with pytest.raises(CommandError, match="README's public password"):
        call_command("seed_demo", "--allow-production")


def test_a_production_demo_uses_its_own_password_and_never_prints_it(capsys, monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", OWN_PASSWORD)

    call_command("seed_demo", "--allow-production")

    out = capsys.readouterr().out
    assert "Loaded the demo club" in out
    assert OWN_PASSWORD not in out
    assert DEMO_PASSWORD not in out
    users = demo_logins()
    assert len(users) == len(USERS)
    assert all(user.check_password(OWN_PASSWORD) for user in users)
    assert not any(user.check_password(DEMO_PASSWORD) for user in users)


def test_a_password_given_on_the_command_line_wins_over_the_environment(
    capsys, monkeypatch
) -> None:
    monkeypatch.setenv("DEMO_PASSWORD", "another-long-password-7")

    call_command("seed_demo", "--allow-production", "--password", OWN_PASSWORD)

    assert OWN_PASSWORD not in capsys.readouterr().out
    assert all(user.check_password(OWN_PASSWORD) for user in demo_logins())


def test_the_log_in_link_names_the_port_the_site_is_served_on(
    capsys, development, no_demo_password
):
    call_command("seed_demo", "--port", "8010")
    printed = capsys.readouterr().out
    assert "http://127.0.0.1:8010/accounts/login/" in printed
    assert ":8000" not in printed


def test_make_run_gives_the_demo_the_port_it_serves_on():
    root = Path(__file__).resolve().parent.parent
    steps = subprocess.run(
        ["make", "-n", "run", "PORT=8010"], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    assert "seed_demo --port 8010" in steps
    assert "runserver 0.0.0.0:8010" in steps
