from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: entries, rounds drawn into tables, the final table, their standings."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from leagues.signals import results_changed, results_rebuilt
        from tournaments.receivers import on_results_changed, on_results_rebuilt

        results_changed.connect(on_results_changed, dispatch_uid="tournament-standings")
        results_rebuilt.connect(on_results_rebuilt, dispatch_uid="tournament-standings-rebuild")

        from scoring.pages import add_seat_notes
        from tournaments.selectors import carried_scores

        add_seat_notes(carried_scores)
