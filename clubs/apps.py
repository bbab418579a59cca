from django.apps import AppConfig


class ClubsConfig(AppConfig):
    """Clubs, memberships and roles, players (members and guests)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
