from django.conf import settings
from django.db import models


class CardColours(models.Model):
    """A signed-in person's deck colours, so that their choice follows them to another phone."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_colours"
    )
    # Spades black, hearts red, diamonds blue, clubs green; else the two-colour deck.
    four_colour = models.BooleanField(default=False)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "card colours"

    def __str__(self) -> str:
        return f"{self.user} reads {'four' if self.four_colour else 'two'} colours"
