from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Game sessions, seats, dealer rotation, hands and their ledger, corrections.

    The rules engine in scoring/rules/ is plain Python: nothing here may be imported by it,
    which is also why scoring/__init__.py stays empty.
    """

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
