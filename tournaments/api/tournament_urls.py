"""/api/v1/clubs/<slug>/tournaments/...: included from tournaments/api/urls.py."""

from django.urls import path

from tournaments.api import tournament_views as views

club = "clubs/<slug:slug>/"
tournament = club + "tournaments/<slug:tournament_slug>/"

urlpatterns = [
    path(club + "tournaments/", views.TournamentList.as_view(), name="api-tournament-list"),
    path(tournament, views.TournamentDetail.as_view(), name="api-tournament-detail"),
    path(tournament + "entries/", views.EntryList.as_view(), name="api-tournament-entries"),
    path(
        tournament + "entries/<int:player_id>/check-in/",
        views.EntryCheckIn.as_view(),
        name="api-tournament-check-in",
    ),
    path(tournament + "rounds/", views.RoundList.as_view(), name="api-tournament-rounds"),
    path(
        tournament + "rounds/<int:number>/",
        views.RoundDetail.as_view(),
        name="api-tournament-round",
    ),
    path(
        tournament + "rounds/<int:number>/start/",
        views.RoundStart.as_view(),
        name="api-tournament-round-start",
    ),
    path(
        tournament + "standings/",
        views.TournamentStandings.as_view(),
        name="api-tournament-standings",
    ),
]
