"""Finishing a session, its summary and a hand's history."""

from django.urls import path

from scoring import summary_views

session = "clubs/<slug:slug>/sessions/<int:session_id>/"

urlpatterns = [
    path(session + "summary/", summary_views.session_summary, name="session-summary"),
    path(session + "finish/", summary_views.session_finish, name="session-finish"),
    path(
        session + "hands/<int:number>/history/",
        summary_views.hand_history,
        name="hand-history",
    ),
]
