"""The client's address, as far as the proxies we trust can vouch for it.

`X-Forwarded-For` is a header anyone can send: each proxy appends the address it received
the request from, so only the entries our own proxies appended are true, and they are the
last ones. Every throttle and the login lockout key on this function, never on the raw
header, so a guesser cannot pose as a new client with each request.

Two ways to say which proxies are ours (docs/operations.md):
- `TRUSTED_PROXIES`: their addresses or networks. Walking from the nearest hop outwards,
  the first address that is not a trusted proxy is the client.
- `NUM_PROXIES`: how many proxies stand in front of the app. The client is that many
  entries from the end of the header.
With neither (the default), the header is ignored and the peer address is the client.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from functools import cache

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_ip(request: HttpRequest) -> str:
    peer = request.META.get("REMOTE_ADDR", "") or "unknown"
    networks = trusted_networks(tuple(settings.TRUSTED_PROXIES))
    proxies = settings.NUM_PROXIES
    if not networks and not proxies:
        return peer
    hops = _forwarded(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    if networks:
        return _first_untrusted([*hops, peer], networks)
    # Fewer entries than proxies: the request did not come through all of them.
    return hops[-proxies] if len(hops) >= proxies else peer


def login_client_ip(request: HttpRequest) -> str | None:
    """The same, for the log-in lock-out, which stores it in an address column: None when
    there is no address at all (a request made in code, such as a test's log-in)."""
    address = client_ip(request)
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None


@cache
def trusted_networks(entries: Sequence[str]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


def _forwarded(header: str) -> list[str]:
    """The header's addresses, oldest first; anything that is not an address ends it, since
    what came before it cannot be trusted either."""
    hops: list[str] = []
    for item in header.split(","):
        item = item.strip()
        try:
            hops.append(str(ipaddress.ip_address(item)))
        except ValueError:
            hops = []  # only what our proxies appended after it can be read
    return hops


def _first_untrusted(chain: list[str], networks: tuple[Network, ...]) -> str:
    for address in reversed(chain):
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return address
        if not any(ip in network for network in networks):
            return address
    return chain[0]  # every hop is one of ours: the earliest is as close as we get
