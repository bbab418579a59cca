"""How mail leaves the site, read from one URL (EMAIL_URL) and a From address.

    console://                               print each message to the log (the default)
    locmem://                                keep messages in memory (tests)
    smtp://user:password@host:port           plain SMTP (port 25 unless given)
    smtp://user:password@host?tls=1          SMTP upgraded with STARTTLS (port 587 unless given)
    smtps://user:password@host               SMTP over implicit TLS (port 465 unless given)

The user and password are percent-decoded, so a password holding "@", ":" or "/" is written
%40, %3A or %2F. `?timeout=N` bounds how long a send waits for the server (10 s unless
given): a password reset must not hold a web worker while a mail server hangs.

Written here rather than taken from a library: the small one that exists has had no release
for years and reads smtps:// as STARTTLS, which is not what the name says.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.utils import parseaddr
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.core.validators import validate_email

_BACKENDS = {
    "console": "django.core.mail.backends.console.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
}
_YES = frozenset({"1", "true", "yes"})
_NO = frozenset({"0", "false", "no"})
DEFAULT_TIMEOUT = 10


@dataclass(frozen=True)
class EmailSettings:
    """Django's EMAIL_* settings, one attribute each."""

    backend: str
    host: str = "localhost"
    port: int = 25
    user: str = ""
    password: str = ""
    use_tls: bool = False
    use_ssl: bool = False
    timeout: int = DEFAULT_TIMEOUT


@dataclass(frozen=True)
class _Options:
    tls: bool = False
    ssl: bool = False
    timeout: int = DEFAULT_TIMEOUT


def parse_email_url(url: str, *, name: str = "EMAIL_URL") -> EmailSettings:
    """Read an email URL; anything it cannot read is an ImproperlyConfigured sentence.

    The sentences never repeat the URL: it may hold the mail server's password.
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in _BACKENDS:
        raise ImproperlyConfigured(
            f"{name} must start with console://, smtp://, smtps:// or locmem://; "
            "docs/operations.md has examples."
        )
    if scheme in ("console", "locmem"):
        if parts.netloc or parts.path or parts.query:
            raise ImproperlyConfigured(
                f"{name}={scheme}:// takes no server or options; write just {scheme}://."
            )
        return EmailSettings(backend=_BACKENDS[scheme])

    if not parts.hostname:
        raise ImproperlyConfigured(
            f"{name} names no mail server; write it as {scheme}://user:password@host:port."
        )
    if parts.path not in ("", "/"):
        raise ImproperlyConfigured(
            f"{name} has a path after the mail server; a password holding / is written %2F."
        )
    options = _options(parts.query, name=name)
    use_ssl = options.ssl or scheme == "smtps"
    if options.tls and use_ssl:
        raise ImproperlyConfigured(
            f"{name} asks for both STARTTLS (tls=1) and implicit TLS (ssl=1 or smtps://); "
            "a mail server speaks one of them on a port, so choose one."
        )
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0:
        raise ImproperlyConfigured(f"{name} has a port that is not a number from 1 to 65535.")
    if port is None:
        port = 465 if use_ssl else 587 if options.tls else 25
    return EmailSettings(
        backend=_BACKENDS[scheme],
        host=parts.hostname,
        port=port,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        use_tls=options.tls,
        use_ssl=use_ssl,
        timeout=options.timeout,
    )


def _options(query: str, *, name: str) -> _Options:
    flags = {"tls": False, "ssl": False}
    timeout = DEFAULT_TIMEOUT
    for key, value in parse_qsl(query, keep_blank_values=True):
        lowered = value.strip().lower()
        if key in flags:
            if lowered not in _YES | _NO:
                raise ImproperlyConfigured(f"{name} has {key}={value!r}; use {key}=1 or {key}=0.")
            flags[key] = lowered in _YES
        elif key == "timeout":
            if not lowered.isdigit() or int(lowered) < 1:
                raise ImproperlyConfigured(
                    f"{name} has timeout={value!r}; give a whole number of seconds, 1 or more."
                )
            timeout = int(lowered)
        else:
            raise ImproperlyConfigured(
                f"{name} has an unknown option {key!r}; it accepts tls, ssl and timeout."
            )
    return _Options(tls=flags["tls"], ssl=flags["ssl"], timeout=timeout)


def parse_from_address(value: str, *, name: str = "DEFAULT_FROM_EMAIL") -> str:
    """A From address, bare or with a display name: Rummy Club <noreply@club.example>."""
    _, address = parseaddr(value)
    try:
        # A line break would let the value add headers of its own to every message, and a
        # comma would make it two senders.
        if not address or any(c in value for c in "\r\n,"):
            raise ValidationError("not one address")
        validate_email(address)
    except ValidationError:
        raise ImproperlyConfigured(
            f"{name}={value!r} is not an email address; write it as noreply@club.example "
            "or Rummy Club <noreply@club.example>."
        ) from None
    return value
