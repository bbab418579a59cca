"""EMAIL_URL and DEFAULT_FROM_EMAIL: how password-reset mail leaves the site."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.email_url import parse_email_url, parse_from_address
from tests.test_settings import settings_in_subprocess

SMTP = "django.core.mail.backends.smtp.EmailBackend"


def test_console_is_the_default_so_a_bare_machine_sends_nothing_anywhere() -> None:
    result = settings_in_subprocess(
        "s.EMAIL_BACKEND, repr(s.DEFAULT_FROM_EMAIL)", EMAIL_URL="", DEFAULT_FROM_EMAIL=""
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "django.core.mail.backends.console.EmailBackend 'Rummy Club <noreply@localhost>'"
    )


def test_an_smtp_url_sets_every_email_setting() -> None:
    result = settings_in_subprocess(
        "s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, "
        "s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.EMAIL_TIMEOUT, "
        "s.DEFAULT_FROM_EMAIL",
        EMAIL_URL="smtp://club%40mail.example:p%40ss@mail.example:2525?tls=1&timeout=5",
        DEFAULT_FROM_EMAIL="Thursday Club <scores@club.example>",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        SMTP,
        "mail.example",
        "2525",
        "club@mail.example",
        "p@ss",
        "True",
        "False",
        "5",
        "Thursday",
        "Club",
        "<scores@club.example>",
    ]


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"EMAIL_URL": "sendmail://localhost"}, "EMAIL_URL must start with console://"),
        ({"DEFAULT_FROM_EMAIL": "the club"}, "DEFAULT_FROM_EMAIL='the club' is not an email"),
    ],
)
def test_an_unreadable_email_setting_stops_start_up_with_a_sentence(environ, message) -> None:
    result = settings_in_subprocess("'started'", **{"EMAIL_URL": "", **environ})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert message in result.stderr


@pytest.mark.parametrize(
    ("url", "backend"),
    [
        ("console://", "django.core.mail.backends.console.EmailBackend"),
        ("locmem://", "django.core.mail.backends.locmem.EmailBackend"),
        ("CONSOLE://", "django.core.mail.backends.console.EmailBackend"),
    ],
)
def test_console_and_locmem_need_no_server(url: str, backend: str) -> None:
    assert parse_email_url(url).backend == backend


def test_plain_smtp_uses_port_25_without_encryption() -> None:
    email = parse_email_url("smtp://mail.example")
    assert (email.backend, email.host, email.port) == (SMTP, "mail.example", 25)
    assert (email.user, email.password, email.use_tls, email.use_ssl) == ("", "", False, False)
    assert email.timeout == 10


def test_starttls_defaults_to_the_submission_port() -> None:
    email = parse_email_url("smtp://u:p@mail.example?tls=1")
    assert (email.port, email.use_tls, email.use_ssl) == (587, True, False)


@pytest.mark.parametrize("url", ["smtps://u:p@mail.example", "smtp://u:p@mail.example?ssl=yes"])
def test_smtps_or_ssl_means_implicit_tls_on_port_465(url: str) -> None:
    email = parse_email_url(url)
    assert (email.port, email.use_tls, email.use_ssl) == (465, False, True)


def test_the_user_and_password_are_percent_decoded() -> None:
    email = parse_email_url("smtps://club%40mail.example:a%2Fb%3Ac%40d%25@[::1]:1465")
    assert email.user == "club@mail.example"
    assert email.password == "a/b:c@d%"
    assert (email.host, email.port) == ("::1", 1465)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mailgun://key@example", "must start with console://, smtp://, smtps:// or locmem://"),
        ("mail.example:25", "must start with console://"),
        ("console://mail.example", "takes no server or options"),
        ("smtp://", "names no mail server"),
        ("smtp://u:p@mail.example:port", "port that is not a number"),
        ("smtp://u:p@mail.example:99999", "port that is not a number"),
        ("smtp://u:p@mail.example:0", "port that is not a number"),
        ("smtp://u:p@mail.example/extra", "has a path after the mail server"),
        ("smtp://u:p@mail.example?tls=on", "tls='on'; use tls=1 or tls=0"),
        ("smtp://u:p@mail.example?tls=1&ssl=1", "both STARTTLS"),
        ("smtps://u:p@mail.example?tls=1", "both STARTTLS"),
        ("smtp://u:p@mail.example?timeout=0", "timeout='0'"),
        ("smtp://u:p@mail.example?from=me", "unknown option 'from'"),
    ],
)
def test_an_email_url_that_cannot_be_read_is_refused_with_a_sentence(url, message) -> None:
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL") as raised:
        parse_email_url(url)
    assert message in str(raised.value)


def test_a_refused_email_url_never_repeats_its_password() -> None:
    with pytest.raises(ImproperlyConfigured) as raised:
        parse_email_url("smtp://user:hunter2-secret@mail.example:port")
    assert "hunter2" not in str(raised.value)


@pytest.mark.parametrize(
    "value", ["noreply@club.example", "Rummy Club <noreply@localhost>", "<a@club.example>"]
)
def test_a_from_address_may_carry_a_display_name(value: str) -> None:
    assert parse_from_address(value) == value


@pytest.mark.parametrize(
    "value",
    ["the club", "a@b@c", "a@club.example, b@club.example", "a@club.example\nBcc: x@y.example"],
)
def test_a_from_address_that_is_not_one_address_is_refused(value: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="DEFAULT_FROM_EMAIL"):
        parse_from_address(value)
