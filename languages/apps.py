from django.apps import AppConfig


class LanguagesConfig(AppConfig):
    """The language a person reads the app in: the switcher on every page, the choice
    remembered for a signed-in user, and the middleware that applies it.

    The catalogues themselves are in `locale/` at the project's root (LOCALE_PATHS): one
    for the whole site, as its templates are in one folder too. Imports no other app.
    """

    default_auto_field = "django.db.models.BigAutoField"
    name = "languages"

    def ready(self) -> None:
        from languages import receivers  # noqa: F401  (connects the log-in receiver)
