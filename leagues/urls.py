"""League, leaderboard and player pages, mounted at the site root:
config/urls.py has `path("", include("leagues.urls"))`.

`leagues/new/` comes before `leagues/<league_slug>/`, and `create_league` never gives a
league the slug "new". The player page sits under `stats/` because `players/<id>/` is the
organisers' rename page.
"""

from django.urls import path

from leagues.views import leaderboards, marks, players, setup, tables

club = "clubs/<slug:slug>/"
league = club + "leagues/<slug:league_slug>/"

urlpatterns = [
    path(club + "leagues/", tables.league_list, name="league-list"),
    path(club + "leagues/new/", setup.league_new, name="league-new"),
    path(league, tables.league_detail, name="league-detail"),
    path(league + "edit/", setup.league_edit, name="league-edit"),
    path(league + "sessions/", marks.league_sessions, name="league-sessions"),
    path(league + "standings.csv", tables.league_csv, name="league-csv"),
    path(club + "leaderboards/", leaderboards.leaderboard_page, name="leaderboard"),
    path(club + "players/<int:player_id>/stats/", players.player_detail, name="player-detail"),
]
