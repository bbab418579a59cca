from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Leagues and seasons, tournaments, rounds, table draws, standings, ratings."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from scoring.signals import session_changed
        from tournaments.receivers import on_session_changed

        session_changed.connect(on_session_changed, dispatch_uid="tournaments-standings")
