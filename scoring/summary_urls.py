"""Finishing a session, its summary and a hand's history."""

urlpatterns: list = []
