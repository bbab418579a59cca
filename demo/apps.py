from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo club that `make run` loads (`manage.py seed_demo`): it builds on every other
    app, and no app imports it."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "demo"
