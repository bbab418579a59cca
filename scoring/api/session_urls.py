"""/api/v1/clubs/<slug>/sessions/...: included from config/urls.py's api_v1 list."""

from django.urls import path

from scoring.api import hand_views, session_views

sessions = "clubs/<slug:slug>/sessions/"
session = sessions + "<int:session_id>/"

urlpatterns = [
    path(sessions, session_views.SessionList.as_view(), name="api-session-list"),
    path(session, session_views.SessionDetail.as_view(), name="api-session-detail"),
    path(session + "undo/", session_views.SessionUndo.as_view(), name="api-session-undo"),
    path(session + "finish/", session_views.SessionFinish.as_view(), name="api-session-finish"),
    path(session + "hands/", hand_views.HandList.as_view(), name="api-hand-list"),
    path(session + "hands/<int:number>/", hand_views.HandDetail.as_view(), name="api-hand-detail"),
    path(
        session + "hands/<int:number>/void/",
        hand_views.HandVoid.as_view(),
        name="api-hand-void",
    ),
]
