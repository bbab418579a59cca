from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues (a club's seasons), session results, standings, ratings and their history,
    and the updates that keep them current as hands are recorded."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "leagues"

    def ready(self) -> None:
        from leagues.receivers import on_session_changed
        from scoring.signals import session_changed

        session_changed.connect(on_session_changed, dispatch_uid="tournaments-standings")
