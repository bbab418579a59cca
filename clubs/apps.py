from django.apps import AppConfig


class ClubsConfig(AppConfig):
    """Clubs, memberships and roles, players (members and guests)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from clubs.models import Player
        from clubs.receivers import on_player_changed

        post_save.connect(on_player_changed, sender=Player, dispatch_uid="clubs-player-saved")
        post_delete.connect(on_player_changed, sender=Player, dispatch_uid="clubs-player-gone")
