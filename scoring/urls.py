from django.urls import include, path

from scoring import csv_views, hand_views, session_views, views

session = "clubs/<slug:slug>/sessions/<int:session_id>/"

urlpatterns = [
    path("rules/check/", views.check_show, name="rules-check"),
    path("clubs/<slug:slug>/sessions/new/", session_views.session_new, name="session-new"),
    path(session, session_views.session_detail, name="session-detail"),
    path(session + "hands/preview/", hand_views.hand_preview, name="hand-preview"),
    path(session + "hands/", hand_views.hand_record, name="hand-record"),
    path(session + "hands/<int:number>/edit/", hand_views.hand_edit, name="hand-edit"),
    path(session + "hands/<int:number>/void/", hand_views.hand_void, name="hand-void"),
    path(session + "undo/", hand_views.hand_undo, name="hand-undo"),
    path(session + "hands.csv", csv_views.session_hands_csv, name="session-csv"),
    path("", include("scoring.summary_urls")),
]
