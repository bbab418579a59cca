"""`make run` finds the address a phone on the same network opens (config/lan.py)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from config import lan


class FakeSocket:
    """A UDP socket that records what it was asked and answers `name` (or fails)."""

    calls: list[str] = []

    def __init__(self, name: str | None) -> None:
        self.name = name

    def __call__(self, family: int, kind: int) -> FakeSocket:
        assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)
        return self

    def __enter__(self) -> FakeSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.calls.append("close")

    def connect(self, address: tuple[str, int]) -> None:
        self.calls.append("connect")
        if self.name is None:
            raise OSError("Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        assert self.name is not None
        return (self.name, 40000)

    def send(self, data: bytes) -> int:  # pragma: no cover - must never be called
        raise AssertionError("the probe sends nothing")

    sendto = send


@pytest.fixture
def machine(monkeypatch):
    def on(name: str | None) -> FakeSocket:
        fake = FakeSocket(name)
        fake.calls = []
        monkeypatch.setattr(lan.socket, "socket", fake)
        return fake

    return on


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("192.168.1.23", True),
        ("10.0.0.7", True),
        ("172.16.4.2", True),
        ("127.0.0.1", False),
        ("169.254.3.3", False),
        ("0.0.0.0", False),
        ("8.8.8.8", False),
        ("fd00::1", False),
        ("not an address", False),
    ],
)
def test_only_a_private_ipv4_address_counts(address: str, expected: bool) -> None:
    assert lan.is_lan_address(address) is expected


def test_the_address_of_the_interface_the_system_would_use(machine) -> None:
    fake = machine("192.168.1.23")
    assert lan.lan_address() == "192.168.1.23"
    assert fake.calls == ["connect", "close"]


def test_no_network_means_no_address(machine) -> None:
    machine(None)
    assert lan.lan_address() is None


def test_a_public_address_is_not_offered(machine) -> None:
    machine("8.8.8.8")
    assert lan.lan_address() is None


def test_the_development_hosts_are_local_plus_the_lan_address() -> None:
    assert lan.development_hosts("192.168.1.23") == [
        "localhost",
        "127.0.0.1",
        "[::1]",
        "192.168.1.23",
    ]
    assert lan.development_hosts(None) == ["localhost", "127.0.0.1", "[::1]"]


def test_make_run_prints_the_address_to_open_on_a_phone() -> None:
    assert lan.banner(8000, "192.168.1.23", hosts_given=False) == [
        "On a phone on the same network (Wi-Fi): http://192.168.1.23:8000/"
    ]
    given = lan.banner(8000, "192.168.1.23", hosts_given=True)
    assert "add 192.168.1.23 to it" in given[1]
    assert "only this machine" in lan.banner(8000, None, hosts_given=False)[0]


def test_the_script_runs_on_this_machine() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "config.lan", "8123"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    address = lan.lan_address()
    expected = f"http://{address}:8123/" if address else "only this machine"
    assert expected in result.stdout
