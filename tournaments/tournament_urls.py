"""The directors' tournament screens, under /clubs/<slug>/tournaments/ (included from
tournaments/urls.py, which mounts them at the site root).

`tournaments/new/` comes before `tournaments/<tournament_slug>/`, and `create_tournament`
never gives a tournament the slug "new". Members read the list, the rounds and the
standings; everything that changes a tournament is for its directors (organisers and up),
and reaches the tournament only through `tournaments.tournament_access`.
"""

from django.urls import path

from tournaments.views import (
    tournament_dashboard,
    tournament_entries,
    tournament_rounds,
    tournament_setup,
    tournament_standings_page,
    tournament_tables,
)

club = "clubs/<slug:slug>/tournaments/"
tournament = club + "<slug:tournament_slug>/"
entry = tournament + "entries/<int:player_id>/"
round_ = tournament + "rounds/<int:number>/"
table = round_ + "tables/<int:table>/"

urlpatterns = [
    path(club, tournament_setup.tournament_list, name="tournament-list"),
    path(club + "new/", tournament_setup.tournament_new, name="tournament-new"),
    path(tournament, tournament_dashboard.tournament_detail, name="tournament-detail"),
    path(tournament + "edit/", tournament_setup.tournament_edit, name="tournament-edit"),
    path(
        tournament + "publish/", tournament_dashboard.tournament_publish, name="tournament-publish"
    ),
    path(tournament + "draw/", tournament_dashboard.tournament_draw, name="tournament-draw"),
    path(tournament + "cut/", tournament_dashboard.tournament_cut, name="tournament-cut"),
    path(
        tournament + "entries/", tournament_entries.tournament_register, name="tournament-register"
    ),
    path(entry + "check-in/", tournament_entries.tournament_check_in, name="tournament-check-in"),
    path(entry + "withdraw/", tournament_entries.tournament_withdraw, name="tournament-withdraw"),
    path(round_, tournament_rounds.tournament_round, name="tournament-round"),
    path(round_ + "swap/", tournament_rounds.tournament_swap, name="tournament-swap"),
    path(round_ + "redraw/", tournament_rounds.tournament_redraw, name="tournament-redraw"),
    path(round_ + "start/", tournament_rounds.tournament_start, name="tournament-start"),
    path(round_ + "finish/", tournament_rounds.tournament_finish_round, name="tournament-finish"),
    path(
        table + "force-finish/",
        tournament_tables.tournament_force_finish,
        name="tournament-force-finish",
    ),
    path(table + "confirm/", tournament_tables.tournament_confirm_table, name="tournament-confirm"),
    path(
        tournament + "standings/",
        tournament_standings_page.tournament_standings_page,
        name="tournament-standings",
    ),
]
