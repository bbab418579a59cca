"""The scoring screens, mounted at the site root: the check-a-show page, starting a session,
the table screen, recording and correcting hands, the players' answers to them and the
organisers' disputes page, finishing, the summary and exports."""

from django.urls import path

from scoring.views import check_show, checks, exports, hands, joins, sessions, summary, table

session = "clubs/<slug:slug>/sessions/<int:session_id>/"

urlpatterns = [
    path("rules/check/", check_show.check_show, name="rules-check"),
    path("clubs/<slug:slug>/sessions/new/", sessions.session_new, name="session-new"),
    path("clubs/<slug:slug>/disputes/", checks.club_disputes, name="club-disputes"),
    path(session, sessions.session_detail, name="session-detail"),
    path(session + "live/", sessions.session_live, name="session-live"),
    path(session + "hands/preview/", hands.hand_preview, name="hand-preview"),
    path(session + "hands/", hands.hand_record, name="hand-record"),
    path(session + "hands/<int:number>/edit/", hands.hand_edit, name="hand-edit"),
    path(session + "hands/<int:number>/void/", hands.hand_void, name="hand-void"),
    path(session + "hands/<int:number>/answer/", checks.hand_answer, name="hand-answer"),
    path(session + "hands/<int:number>/decide/", checks.hand_decide, name="hand-decide"),
    path(session + "undo/", hands.hand_undo, name="hand-undo"),
    path(session + "table/", table.session_table, name="session-table"),
    path(session + "hands.csv", exports.session_hands_csv, name="session-csv"),
    path(session + "summary/", summary.session_summary, name="session-summary"),
    path(session + "sheet/", summary.session_sheet, name="session-sheet"),
    path(session + "finish/", summary.session_finish, name="session-finish"),
    path(session + "hands/<int:number>/history/", summary.hand_history, name="hand-history"),
    path(session + "seats/<int:position>/free/", joins.seat_free, name="seat-free"),
    # Joining the table: the code a table shows, and a seat's own address on a guest's phone.
    path("j/<str:code>/", joins.join_page, name="join-table"),
    path("p/<str:signed>/", joins.player_view, name="player-view"),
    path("p/<str:signed>/live/", joins.player_live, name="player-live"),
    path("p/<str:signed>/hands/<int:number>/answer/", joins.player_answer, name="player-answer"),
]
