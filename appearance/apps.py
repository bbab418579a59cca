from django.apps import AppConfig


class AppearanceConfig(AppConfig):
    """How the pages look to one person: for now the four-colour deck, a setting of the
    reader like their language (and kept the same way), not of a club: a visitor checking a
    show has one too. Imports no other app."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "appearance"

    def ready(self) -> None:
        from appearance import receivers  # noqa: F401  (connects the log-in receiver)
