"""A tournament's public pages and projector view (included from tournaments/urls.py).

Short addresses under /t/ so a director can read one out or print it on a table card.
"""

from django.urls import path

from tournaments.views import checkins, public_pages, public_screen

tournament = "t/<slug:slug>/<slug:tournament_slug>/"

urlpatterns = [
    path(tournament, public_pages.public_overview, name="tournament-public"),
    path(
        tournament + "rounds/<int:number>/",
        public_pages.public_round,
        name="tournament-public-round",
    ),
    path(
        tournament + "standings/",
        public_pages.public_standings,
        name="tournament-public-standings",
    ),
    path(tournament + "screen/", public_screen.public_screen, name="tournament-screen"),
    # The venue's check-in code, as its QR code opens it.
    path("c/<str:code>/", checkins.venue_check_in, name="tournament-venue-check-in"),
]
