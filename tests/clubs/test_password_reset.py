"""A player who forgot their password gets a link by email and sets a new one; asking
again and again is limited, and the mail is sent by a task after the page has answered."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client, TestCase
from django.urls import reverse
from kombu.exceptions import OperationalError

from clubs.tasks import send_reset_mail_task
from tests.clubs.factories import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_run_in_process")]

NEW_PASSWORD = "green-felt-table-99"
LINK = re.compile(r"http://testserver(/accounts/reset/\S+/)")


def asha() -> User:
    user = make_user("asha", "Asha Rao")
    user.email = "asha@club.example"
    user.save(update_fields=["email"])
    return user


def main_part(response) -> str:
    """The page's own content; the header's CSRF token differs on every page."""
    html = response.content.decode()
    return html[html.index("<main") : html.index("</main>")]


def ask_for_a_link(client, email: str):
    # The mail is queued once the request's transaction commits; the test's never does.
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(reverse("password_reset"), {"email": email}, follow=True)


def test_the_login_page_links_to_the_forgotten_password_page(client) -> None:
    html = client.get(reverse("login")).content.decode()
    assert f'<a class="tap-link" href="{reverse("password_reset")}">Forgot your password?</a>' in (
        html
    )


def test_the_forgotten_password_page_asks_for_the_email_in_the_site_layout(client) -> None:
    response = client.get(reverse("password_reset"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "registration/password_reset_form.html" in [t.name for t in response.templates]
    assert "/static/css/app.css" in html
    assert 'type="email"' in html
    assert "Send me the link" in html
    # Django's admin look (its stylesheet and "Django administration") is not ours.
    assert "admin/css" not in html


def test_asking_for_a_link_emails_the_player_a_link_in_a_plain_sentence(client) -> None:
    asha()
    response = ask_for_a_link(client, "ASHA@club.example")

    assert response.redirect_chain == [(reverse("password_reset_done"), 302)]
    assert "Check your email" in response.content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["asha@club.example"]
    assert message.subject == "Set a new Rummy Club password"
    assert message.from_email == "Rummy Club <noreply@localhost>"
    assert message.body.startswith("Hello Asha Rao,")
    assert "Your user name is asha." in message.body
    assert "ignore this email" in message.body
    assert LINK.search(message.body)
    # Plain text: nothing in it is escaped for HTML or left as template syntax.
    assert "&" not in message.body
    assert "{" not in message.body


def test_following_the_link_sets_a_new_password_that_logs_the_player_in(client) -> None:
    user = asha()
    ask_for_a_link(client, "asha@club.example")
    link = LINK.search(mail.outbox[0].body).group(1)

    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    assert "<strong>asha</strong>" in form_page.content.decode()
    # Django swaps the token for a session-bound address before showing the form.
    set_password_url = form_page.redirect_chain[-1][0]
    done = client.post(
        set_password_url,
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )

    assert done.redirect_chain == [(reverse("password_reset_complete"), 302)]
    assert "Your new password is set" in done.content.decode()
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    client.logout()
    login = client.post(reverse("login"), {"username": "asha", "password": NEW_PASSWORD})
    assert login.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_a_used_link_does_not_work_twice(client) -> None:
    asha()
    ask_for_a_link(client, "asha@club.example")
    link = LINK.search(mail.outbox[0].body).group(1)
    set_password_url = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(set_password_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    again = client.get(link, follow=True)

    html = again.content.decode()
    assert "This link no longer works" in html
    assert f'href="{reverse("password_reset")}"' in html


def test_a_weak_new_password_is_refused_next_to_the_field(client) -> None:
    asha()
    ask_for_a_link(client, "asha@club.example")
    link = LINK.search(mail.outbox[0].body).group(1)
    set_password_url = client.get(link, follow=True).redirect_chain[-1][0]

    response = client.post(set_password_url, {"new_password1": "1234", "new_password2": "1234"})

    assert response.status_code == 200
    assert '<p class="error">This password is too short.' in response.content.decode()


def test_an_unknown_address_gets_the_same_page_and_no_email(client) -> None:
    asha()
    known = ask_for_a_link(client, "asha@club.example")
    mail.outbox.clear()

    unknown = ask_for_a_link(client, "nobody@club.example")

    assert unknown.redirect_chain == known.redirect_chain
    assert main_part(unknown) == main_part(known)
    assert mail.outbox == []


def test_an_email_given_when_signing_up_is_where_the_link_goes(client) -> None:
    client.post(
        reverse("signup"),
        {
            "username": "ravi",
            "first_name": "Ravi",
            "email": "ravi@club.example",
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
        },
    )
    client.logout()

    ask_for_a_link(client, "ravi@club.example")

    assert [message.to for message in mail.outbox] == [["ravi@club.example"]]


ADDRESS_LIMIT = 20  # PASSWORD_RESET_ADDRESS_RATE's default, per hour
ACCOUNT_LIMIT = 3  # PASSWORD_RESET_ACCOUNT_RATE's default, per hour
WAIT = "Several links were asked for just now"


def test_the_page_answers_before_any_mail_is_made_for_a_known_or_an_unknown_address(
    client,
) -> None:
    asha()
    queued = {}
    for email in ("asha@club.example", "nobody@club.example"):
        with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
            response = client.post(reverse("password_reset"), {"email": email})
        assert response.status_code == 302
        # Nothing looked up for the mail, rendered or sent while the person waits.
        assert "registration/password_reset_email.html" not in [t.name for t in response.templates]
        assert mail.outbox == []
        queued[email] = callbacks

    assert [len(queued[email]) for email in queued] == [1, 1]  # the same work for both
    for callbacks in queued.values():
        callbacks[0]()
    assert [message.to for message in mail.outbox] == [["asha@club.example"]]


def test_a_task_delivered_twice_sends_its_mail_once() -> None:
    asha()
    job = {
        "request_id": "a-request",
        "email": "asha@club.example",
        "domain": "club.example",
        "use_https": True,
        "language": "en",
    }
    assert send_reset_mail_task.delay(**job).get() is True
    assert send_reset_mail_task.delay(**job).get() is False

    assert len(mail.outbox) == 1
    assert "https://club.example/accounts/reset/" in mail.outbox[0].body


def test_with_the_broker_away_the_link_is_mailed_in_the_request_not_lost(
    client, monkeypatch
) -> None:
    asha()

    def broker_away(**job):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(send_reset_mail_task, "delay", broker_away)
    response = ask_for_a_link(client, "asha@club.example")

    assert response.status_code == 200
    assert [message.to for message in mail.outbox] == [["asha@club.example"]]


def test_the_mail_is_written_in_the_language_the_page_was_read_in(client) -> None:
    asha()
    with TestCase.captureOnCommitCallbacks(execute=True):
        client.post(
            reverse("password_reset"), {"email": "asha@club.example"}, HTTP_ACCEPT_LANGUAGE="hi"
        )
    assert mail.outbox[0].subject != "Set a new Rummy Club password"


def test_one_email_address_gets_a_few_links_an_hour_from_any_connection() -> None:
    asha()
    answers = [
        ask_for_a_link(Client(REMOTE_ADDR=f"198.51.100.{n}"), email)
        for n, email in enumerate(["asha@club.example", "ASHA@club.example ", "Asha@Club.example"])
    ]
    assert [a.redirect_chain for a in answers] == [[(reverse("password_reset_done"), 302)]] * 3

    refused = ask_for_a_link(Client(REMOTE_ADDR="198.51.100.99"), "asha@club.example")

    assert refused.status_code == 429
    assert WAIT in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    assert len(mail.outbox) == ACCOUNT_LIMIT


def test_one_connection_asking_for_many_addresses_is_limited(client) -> None:
    asha()
    for n in range(ADDRESS_LIMIT - 1):
        assert ask_for_a_link(client, f"member{n}@club.example").status_code == 200
    assert ask_for_a_link(client, "asha@club.example").status_code == 200
    assert len(mail.outbox) == 1

    refused = ask_for_a_link(client, "asha@club.example")

    assert refused.status_code == 429
    assert WAIT in refused.content.decode()
    assert len(mail.outbox) == 1
    # Another connection asks as usual.
    assert (
        ask_for_a_link(Client(REMOTE_ADDR="198.51.100.7"), "ravi@club.example").status_code == 200
    )


def test_past_the_limit_a_known_and_an_unknown_address_get_the_same_answer() -> None:
    asha()
    answers = {}
    for email in ("asha@club.example", "nobody@club.example"):
        for n in range(ACCOUNT_LIMIT):
            ask_for_a_link(Client(REMOTE_ADDR=f"198.51.100.{n}"), email)
        answers[email] = ask_for_a_link(Client(REMOTE_ADDR="203.0.113.5"), email)

    known, unknown = answers.values()
    assert known.status_code == unknown.status_code == 429
    csrf = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
    assert csrf.sub("", main_part(known)).replace("asha@", "nobody@") == csrf.sub(
        "", main_part(unknown)
    )
