"""A player who forgot their password gets a link by email and sets a new one."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from tests.clubs.factories import make_user

pytestmark = pytest.mark.django_db

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
