"""A tournament's public pages and projector view (included from tournaments/urls.py)."""

urlpatterns: list = []
