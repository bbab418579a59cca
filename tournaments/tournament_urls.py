"""The directors' tournament screens, under /clubs/<slug>/tournaments/ (included from
tournaments/urls.py)."""

urlpatterns: list = []
