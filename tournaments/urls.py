"""The directors' tournament screens, under /clubs/<slug>/tournaments/, and the public
pages of `public_urls.py`: config/urls.py mounts both at the site root.

`tournaments/new/` comes before `tournaments/<tournament_slug>/`, and `create_tournament`
never gives a tournament the slug "new". Members read the list, the rounds and the
standings; everything that changes a tournament is for its directors (organisers and up),
and reaches the tournament only through `tournaments.access`.
"""

from django.urls import include, path

from tournaments.views import dashboard, entries, rounds, setup, standings, tables

club = "clubs/<slug:slug>/tournaments/"
tournament = club + "<slug:tournament_slug>/"
entry = tournament + "entries/<int:player_id>/"
round_ = tournament + "rounds/<int:number>/"
table = round_ + "tables/<int:table>/"

urlpatterns = [
    path(club, setup.tournament_list, name="tournament-list"),
    path(club + "new/", setup.tournament_new, name="tournament-new"),
    path(tournament, dashboard.tournament_detail, name="tournament-detail"),
    path(tournament + "edit/", setup.tournament_edit, name="tournament-edit"),
    path(tournament + "publish/", dashboard.tournament_publish, name="tournament-publish"),
    path(tournament + "draw/", dashboard.tournament_draw, name="tournament-draw"),
    path(tournament + "cut/", dashboard.tournament_cut, name="tournament-cut"),
    path(tournament + "entries/", entries.tournament_register, name="tournament-register"),
    path(entry + "check-in/", entries.tournament_check_in, name="tournament-check-in"),
    path(entry + "withdraw/", entries.tournament_withdraw, name="tournament-withdraw"),
    path(round_, rounds.tournament_round, name="tournament-round"),
    path(round_ + "swap/", rounds.tournament_swap, name="tournament-swap"),
    path(round_ + "redraw/", rounds.tournament_redraw, name="tournament-redraw"),
    path(round_ + "start/", rounds.tournament_start, name="tournament-start"),
    path(round_ + "finish/", rounds.tournament_finish_round, name="tournament-finish"),
    path(
        table + "force-finish/",
        tables.tournament_force_finish,
        name="tournament-force-finish",
    ),
    path(table + "confirm/", tables.tournament_confirm_table, name="tournament-confirm"),
    path(
        tournament + "standings/",
        standings.tournament_standings_page,
        name="tournament-standings",
    ),
    path("", include("tournaments.public_urls")),
]
