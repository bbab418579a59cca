"""The pages every visitor meets first, and what base.html loads."""

import pytest

from clubs.roles import Role
from tests.factories import join, make_club


def test_healthz_says_ok_without_the_database(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


@pytest.mark.django_db
def test_the_home_page_offers_a_visitor_to_log_in_and_to_check_a_show(client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'href="/accounts/login/' in html
    assert 'href="/rules/check/"' in html


def test_the_show_checker_page_renders_in_the_base_layout(client) -> None:
    response = client.get("/rules/check/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Check a show" in html
    assert 'name="viewport"' in html
    assert "/static/css/app.css" in html
    assert "/static/js/htmx.min.js" in html
    # Everything is served from here: no third-party script or stylesheet.
    assert "https://" not in html


@pytest.mark.parametrize(
    "path",
    ["/static/css/app.css", "/static/js/htmx.min.js", "/static/manifest.webmanifest"],
)
def test_static_files_are_served_by_the_app(client, path: str) -> None:
    # WhiteNoise answers these itself, as it does in production.
    response = client.get(path)
    assert response.status_code == 200
    assert len(b"".join(response.streaming_content)) > 100


@pytest.mark.django_db
def test_a_forbidden_change_says_which_role_it_needs(client, django_user_model) -> None:
    club = make_club("Thursday Club")
    member = django_user_model.objects.create_user("dev", password="a-long-test-password")
    join(club, member, Role.MEMBER)
    client.force_login(member)

    response = client.get(f"/clubs/{club.slug}/invitations/")

    assert response.status_code == 403
    assert "This needs the organiser role in Thursday Club." in response.content.decode()
