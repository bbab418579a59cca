from django.conf import settings
from django.db import models


class LanguageChoice(models.Model):
    """The language a signed-in person chose, so that it follows them to another phone."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_choice"
    )
    # A code of settings.LANGUAGES (checked where it is chosen: no migration when one is added).
    language = models.CharField(max_length=12)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user} reads {self.language}"
