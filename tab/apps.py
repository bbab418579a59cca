from django.apps import AppConfig


class TabConfig(AppConfig):
    """A club's tab: money owed across finished sessions, and the payments that settle it.

    Reads the settled sessions of `scoring` and the players of `clubs`; nothing imports tab
    (an import contract), so the club page links to it from its nav by URL name only.
    """

    default_auto_field = "django.db.models.BigAutoField"
    name = "tab"
