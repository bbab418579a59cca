from django.apps import AppConfig


class BackupsConfig(AppConfig):
    """Backups of the whole database that restore: `manage.py backup`, `restore` and
    `check_backup` (docs/operations.md). No models; imports no other app, and reads the
    tables it reports on through the app registry, by label."""

    name = "backups"
