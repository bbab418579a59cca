"""The address a phone on the same network opens to try `make run`'s development server.

`make run` prints it (`python -m config.lan 8000`), and with `DEBUG` on and no
`ALLOWED_HOSTS` given, `config/settings.py` accepts it beside localhost. Production never
does: without `DEBUG`, `ALLOWED_HOSTS` is exactly what it is set to.

Only the standard library: a UDP socket "connected" to an address that is never routed on
the internet makes the system choose the interface it would use, and `getsockname` names
that interface's address. Connecting a UDP socket sends no packet. No network, no route or
an address that is not private: no address, and the server stays local.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys

# TEST-NET-1 (RFC 5737): documentation only, so nothing is ever reached or sent.
_PROBE = ("192.0.2.1", 9)
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def is_lan_address(text: str) -> bool:
    """An IPv4 address of a private network that another device could reach."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return (
        address.version == 4
        and address.is_private
        and not (address.is_loopback or address.is_link_local or address.is_unspecified)
    )


def lan_address() -> str | None:
    """This machine's address on its local network, or None when it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return address if is_lan_address(address) else None


def development_hosts(address: str | None) -> list[str]:
    """ALLOWED_HOSTS under DEBUG when none are given: this machine, and its LAN address."""
    return [*LOCAL_HOSTS, *([address] if address else [])]


def banner(port: int, address: str | None, *, hosts_given: bool) -> list[str]:
    """What `make run` prints about opening the site from a phone."""
    if address is None:
        return [
            "No local network address found: only this machine can open the site.",
            "To try it on a phone, join the phone and this machine to the same Wi-Fi.",
        ]
    url = f"http://{address}:{port}/"
    if hosts_given:
        return [
            f"On a phone on the same network: {url}",
            f"(ALLOWED_HOSTS is set, so add {address} to it for the phone to be let in.)",
        ]
    return [f"On a phone on the same network (Wi-Fi): {url}"]


def main(argv: list[str]) -> int:
    port = int(argv[1]) if len(argv) > 1 else 8000
    hosts_given = bool(os.environ.get("ALLOWED_HOSTS", "").strip())
    for line in banner(port, lan_address(), hosts_given=hosts_given):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
