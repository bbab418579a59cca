"""/api/v1/clubs/<slug>/leagues/..., leaderboards and player statistics: included from
config/urls.py's api_v1 list."""

from django.urls import path

from leagues.api import leaderboards, views

club = "clubs/<slug:slug>/"
league = club + "leagues/<slug:league_slug>/"

urlpatterns = [
    path(club + "leagues/", views.LeagueList.as_view(), name="api-league-list"),
    path(league, views.LeagueDetail.as_view(), name="api-league-detail"),
    path(
        league + "standings/",
        views.LeagueStandings.as_view(),
        name="api-league-standings",
    ),
    path(
        league + "sessions/<int:session_id>/",
        views.LeagueSessionMark.as_view(),
        name="api-league-session",
    ),
    path(
        club + "leaderboards/<str:variant>/",
        leaderboards.Leaderboard.as_view(),
        name="api-leaderboard",
    ),
    path(
        club + "players/<int:player_id>/stats/",
        leaderboards.PlayerStatsView.as_view(),
        name="api-player-stats",
    ),
]
