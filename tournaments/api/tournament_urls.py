"""/api/v1/clubs/<slug>/tournaments/...: included from tournaments/api/urls.py."""

urlpatterns: list = []
