from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Game sessions, seats, dealer rotation, hands and their ledger, corrections.

    The rules engine in scoring/rules/ is plain Python: nothing here may be imported by it,
    which is also why scoring/__init__.py stays empty.
    """

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self) -> None:
        from clubs.models import Club
        from clubs.pages import add_to_club_page, add_to_home
        from scoring.display.session_lines import ClubSessionLines, club_page_lines, home_lines
        from scoring.selectors import active_sessions_by_club, club_page_sessions

        # Each a read, then the lines the lists show (their templates only print them).
        add_to_home("active_sessions", lambda ids: home_lines(active_sessions_by_club(ids)))

        def club_page(club: Club) -> ClubSessionLines:
            sessions = club_page_sessions(club)
            return club_page_lines(sessions.active, sessions.recent_finished)

        add_to_club_page("sessions", club_page)
