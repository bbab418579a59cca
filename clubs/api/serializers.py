"""What the club endpoints send and accept. Every object carries its id and its links."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.reverse import reverse

from clubs.models import Club, Player
from clubs.roles import Role, at_least


def link(serializer: serializers.Serializer, name: str, **kwargs: object) -> str:
    """A full URL when the request is known (it is in every API response)."""
    return reverse(name, kwargs=kwargs, request=serializer.context.get("request"))


class ClubSerializer(serializers.ModelSerializer):
    role = serializers.SerializerMethodField(
        help_text="Your role in the club: member, scorer, organiser, owner; null if none."
    )
    url = serializers.SerializerMethodField()
    players_url = serializers.SerializerMethodField()
    sessions_url = serializers.SerializerMethodField()
    web_url = serializers.SerializerMethodField(help_text="The club's page in the app.")

    class Meta:
        model = Club
        fields = [
            "id",
            "slug",
            "name",
            "timezone",
            "is_public",
            "created_at",
            "role",
            "url",
            "players_url",
            "sessions_url",
            "web_url",
        ]

    def get_role(self, club: Club) -> str | None:
        # Annotated by clubs.access and the clubs list; absent for anonymous callers.
        return getattr(club, "my_role", None)

    def get_url(self, club: Club) -> str:
        return link(self, "api-club-detail", slug=club.slug)

    def get_players_url(self, club: Club) -> str:
        return link(self, "api-player-list", slug=club.slug)

    def get_sessions_url(self, club: Club) -> str:
        return link(self, "api-session-list", slug=club.slug)

    def get_web_url(self, club: Club) -> str:
        return link(self, "club-detail", slug=club.slug)


class ClubDetailSerializer(ClubSerializer):
    can_score = serializers.SerializerMethodField(
        help_text="Whether you may start sessions and record hands."
    )
    can_organise = serializers.SerializerMethodField(help_text="Whether you may add guests.")

    class Meta(ClubSerializer.Meta):
        fields = ClubSerializer.Meta.fields + ["can_score", "can_organise"]

    def get_can_score(self, club: Club) -> bool:
        return at_least(self.get_role(club), Role.SCORER)

    def get_can_organise(self, club: Club) -> bool:
        return at_least(self.get_role(club), Role.ORGANISER)


class PlayerSerializer(serializers.ModelSerializer):
    is_guest = serializers.BooleanField(
        read_only=True, help_text="A guest has no account; a member has one."
    )
    url = serializers.SerializerMethodField()
    sessions_url = serializers.SerializerMethodField(help_text="The sessions this player sat in.")

    class Meta:
        model = Player
        fields = ["id", "name", "is_guest", "created_at", "url", "sessions_url"]

    def get_url(self, player: Player) -> str:
        return link(self, "api-player-detail", slug=self._slug(), player_id=player.pk)

    def get_sessions_url(self, player: Player) -> str:
        return f"{link(self, 'api-session-list', slug=self._slug())}?player={player.pk}"

    def _slug(self) -> str:
        # The club is the one in the address: reading player.club would cost a query a row.
        return self.context["club"].slug


class GuestSerializer(serializers.Serializer):
    """A new guest: someone without an account who sits at the club's tables."""

    name = serializers.CharField(
        max_length=200, help_text="Unique in the club, whatever the capitals."
    )


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as the header Authorization: Token <token>.")
    username = serializers.CharField()
