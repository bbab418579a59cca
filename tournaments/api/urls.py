"""/api/v1/clubs/<slug>/tournaments/...: included from config/urls.py's api_v1 list."""

from django.urls import path

from tournaments.api import directors, tables, views

club = "clubs/<slug:slug>/"
tournament = club + "tournaments/<slug:tournament_slug>/"
entry = tournament + "entries/<int:player_id>/"
round_ = tournament + "rounds/<int:number>/"
table = round_ + "tables/<int:table>/"

urlpatterns = [
    path(club + "tournaments/", views.TournamentList.as_view(), name="api-tournament-list"),
    path(tournament, views.TournamentDetail.as_view(), name="api-tournament-detail"),
    path(tournament + "entries/", views.EntryList.as_view(), name="api-tournament-entries"),
    path(entry + "check-in/", views.EntryCheckIn.as_view(), name="api-tournament-check-in"),
    path(entry + "withdraw/", directors.EntryWithdraw.as_view(), name="api-tournament-withdraw"),
    path(tournament + "rounds/", views.RoundList.as_view(), name="api-tournament-rounds"),
    path(round_, views.RoundDetail.as_view(), name="api-tournament-round"),
    path(round_ + "start/", views.RoundStart.as_view(), name="api-tournament-round-start"),
    path(round_ + "swap/", directors.RoundSwap.as_view(), name="api-tournament-round-swap"),
    path(round_ + "redraw/", directors.RoundRedraw.as_view(), name="api-tournament-round-redraw"),
    path(round_ + "finish/", directors.RoundFinish.as_view(), name="api-tournament-round-finish"),
    path(round_ + "tables/", tables.TableList.as_view(), name="api-tournament-tables"),
    path(table, tables.TableDetail.as_view(), name="api-tournament-table"),
    path(table + "finish/", tables.TableForceFinish.as_view(), name="api-tournament-table-finish"),
    path(table + "confirm/", tables.TableConfirm.as_view(), name="api-tournament-table-confirm"),
    path(tournament + "final/", directors.TournamentFinal.as_view(), name="api-tournament-final"),
    path(
        tournament + "standings/",
        views.TournamentStandingsView.as_view(),
        name="api-tournament-standings",
    ),
]
