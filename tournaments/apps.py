from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Leagues and seasons, tournaments, rounds, table draws, standings, ratings."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
