"""/api/v1/auth/ and /api/v1/clubs/...: included from config/urls.py's api_v1 list."""

from django.urls import path

from clubs.api import auth, views

club = "clubs/<slug:slug>/"

urlpatterns = [
    path("auth/token/", auth.AuthTokenView.as_view(), name="api-token"),
    path("clubs/", views.ClubList.as_view(), name="api-club-list"),
    path(club, views.ClubDetail.as_view(), name="api-club-detail"),
    path(club + "players/", views.PlayerList.as_view(), name="api-player-list"),
    path(
        club + "players/<int:player_id>/",
        views.PlayerDetail.as_view(),
        name="api-player-detail",
    ),
]
