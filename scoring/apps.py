from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Game sessions, seats, dealer rotation, hands and their ledger, corrections.

    The rules engine in scoring/rules/ is plain Python: nothing here may be imported by it,
    which is also why scoring/__init__.py stays empty.
    """

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self) -> None:
        from clubs.pages import add_to_club_page, add_to_home
        from scoring.selectors import active_sessions_by_club, club_page_sessions

        add_to_home("active_sessions", active_sessions_by_club)
        add_to_club_page("sessions", club_page_sessions)
