"""Strict readers for environment variables.

Settings come only from the environment. A value that cannot be read is an
ImproperlyConfigured error at start-up rather than a silent default, so a typo such as
DEBUG=ture never ships a server in the wrong mode. An unset or empty variable means
"use the default": an empty value is how most process managers spell "not set".
"""

import ipaddress
import os
import re

from django.core.exceptions import ImproperlyConfigured

from config.email_url import EmailSettings, parse_email_url, parse_from_address

_TRUE = frozenset({"1", "true", "yes"})
_FALSE = frozenset({"0", "false", "no"})
_RATE = re.compile(r"^\d+/(second|minute|hour|day)$")
_LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def get_str(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name, "").strip()
    return value or default


def get_bool(name: str, default: bool) -> bool:
    value = get_str(name)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a yes/no value; use one of 1, 0, true, false, yes, no."
    )


def get_int(name: str, default: int, *, low: int = 0) -> int:
    value = get_str(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        number = low - 1
    if number < low:
        raise ImproperlyConfigured(f"{name}={value!r} must be a whole number of {low} or more.")
    return number


def get_list(name: str, default: list[str]) -> list[str]:
    value = get_str(name)
    if value is None:
        return list(default)
    items = [item.strip() for item in value.split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(
            f"{name}={value!r} has an empty entry; separate the values with single commas."
        )
    return items


def get_rate(name: str, default: str) -> str:
    """A DRF throttle rate such as 600/minute."""
    value = get_str(name, default)
    assert value is not None
    if not _RATE.match(value):
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a rate; write it as a number of requests per "
            "second, minute, hour or day, for example 600/minute."
        )
    return value


def get_log_level(name: str, default: str) -> str:
    value = (get_str(name, default) or default).upper()
    if value not in _LOG_LEVELS:
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a log level; use one of {', '.join(_LOG_LEVELS)}."
        )
    return value


def check_networks(name: str, entries: list[str]) -> None:
    """Each entry an IP address or network, such as 10.0.0.5 or 10.0.0.0/8."""
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"{name} has {entry!r}, which is not an IP address or network; write "
                "addresses such as 10.0.0.5 or networks such as 10.0.0.0/8."
            ) from None


def get_email(name: str, default: str) -> EmailSettings:
    """How mail is sent, from a URL such as smtps://user:password@host (config/email_url.py)."""
    return parse_email_url(get_str(name, default) or default, name=name)


def get_from_address(name: str, default: str) -> str:
    return parse_from_address(get_str(name, default) or default, name=name)
