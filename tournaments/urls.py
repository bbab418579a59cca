"""League, leaderboard and player pages, mounted at the site root:
config/urls.py has `path("", include("tournaments.urls"))`.

`leagues/new/` comes before `leagues/<league_slug>/`, and `create_league` never gives a
league the slug "new". The player page sits under `stats/` because `players/<id>/` is the
organisers' rename page.
"""

from django.urls import include, path

from tournaments.views import leaderboards, league_form, league_sessions, leagues, players

club = "clubs/<slug:slug>/"
league = club + "leagues/<slug:league_slug>/"

urlpatterns = [
    path(club + "leagues/", leagues.league_list, name="league-list"),
    path(club + "leagues/new/", league_form.league_new, name="league-new"),
    path(league, leagues.league_detail, name="league-detail"),
    path(league + "edit/", league_form.league_edit, name="league-edit"),
    path(league + "sessions/", league_sessions.league_sessions, name="league-sessions"),
    path(league + "standings.csv", leagues.league_csv, name="league-csv"),
    path(club + "leaderboards/", leaderboards.leaderboard_page, name="leaderboard"),
    path(club + "players/<int:player_id>/stats/", players.player_detail, name="player-detail"),
    path("", include("tournaments.tournament_urls")),
    path("", include("tournaments.public_urls")),
]
