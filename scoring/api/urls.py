"""/api/v1/rules/evaluate/ and /api/v1/clubs/<slug>/sessions/...: included from config/urls.py's
api_v1 list."""

from django.urls import path

from scoring.api import checks, hands, joins, rules, sessions

club_sessions = "clubs/<slug:slug>/sessions/"
session = club_sessions + "<int:session_id>/"

urlpatterns = [
    path("rules/evaluate/", rules.EvaluateRulesView.as_view(), name="rules-evaluate"),
    path("join/<str:code>/", joins.JoinTable.as_view(), name="api-join-table"),
    path(club_sessions, sessions.SessionList.as_view(), name="api-session-list"),
    path(session, sessions.SessionDetail.as_view(), name="api-session-detail"),
    path(session + "undo/", sessions.SessionUndo.as_view(), name="api-session-undo"),
    path(session + "finish/", sessions.SessionFinish.as_view(), name="api-session-finish"),
    path(session + "split/", sessions.SessionSplit.as_view(), name="api-session-split"),
    path(session + "seats/", sessions.SessionSeats.as_view(), name="api-session-seats"),
    path(session + "hands/", hands.HandList.as_view(), name="api-hand-list"),
    path(session + "hands/<int:number>/", hands.HandDetail.as_view(), name="api-hand-detail"),
    path(
        session + "hands/<int:number>/void/",
        hands.HandVoid.as_view(),
        name="api-hand-void",
    ),
    path(
        session + "hands/<int:number>/confirm/",
        checks.HandConfirm.as_view(),
        name="api-hand-confirm",
    ),
    path(
        session + "hands/<int:number>/dispute/",
        checks.HandDispute.as_view(),
        name="api-hand-dispute",
    ),
    path(
        session + "hands/<int:number>/decide/",
        checks.HandDecide.as_view(),
        name="api-hand-decide",
    ),
]
