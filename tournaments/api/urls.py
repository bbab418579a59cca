"""/api/v1/clubs/<slug>/leagues/..., leaderboards and player statistics: included from
config/urls.py's api_v1 list."""

from django.urls import include, path

from tournaments.api import league_views, rating_views

club = "clubs/<slug:slug>/"
league = club + "leagues/<slug:league_slug>/"

urlpatterns = [
    path(club + "leagues/", league_views.LeagueList.as_view(), name="api-league-list"),
    path(league, league_views.LeagueDetail.as_view(), name="api-league-detail"),
    path(
        league + "standings/",
        league_views.LeagueStandings.as_view(),
        name="api-league-standings",
    ),
    path(
        league + "sessions/<int:session_id>/",
        league_views.LeagueSessionMark.as_view(),
        name="api-league-session",
    ),
    path(
        club + "leaderboards/<str:variant>/",
        rating_views.Leaderboard.as_view(),
        name="api-leaderboard",
    ),
    path(
        club + "players/<int:player_id>/stats/",
        rating_views.PlayerStats.as_view(),
        name="api-player-stats",
    ),
    path("", include("tournaments.api.tournament_urls")),
]
