"""The club screens. `clubs/new/` comes first: "new" is never given to a club as its slug."""

from django.urls import path

from clubs.views import club, invitations, players, rules

club_url = "clubs/<slug:slug>/"

urlpatterns = [
    path("clubs/new/", club.club_new, name="club-new"),
    path(club_url, club.club_detail, name="club-detail"),
    path(club_url + "players/", players.players, name="club-players"),
    path(club_url + "players/guests/", players.guest_add, name="club-guest-add"),
    path(club_url + "players/<int:player_id>/", players.player_edit, name="club-player-edit"),
    path(club_url + "players/<int:player_id>/link/", players.guest_link, name="club-guest-link"),
    path(
        club_url + "players/claims/<int:claim_id>/approve/",
        players.claim_approve,
        name="club-claim-approve",
    ),
    path(
        club_url + "players/claims/<int:claim_id>/refuse/",
        players.claim_refuse,
        name="club-claim-refuse",
    ),
    path(
        club_url + "members/<int:membership_id>/role/", players.member_role, name="club-member-role"
    ),
    path(
        club_url + "members/<int:membership_id>/remove/",
        players.member_remove,
        name="club-member-remove",
    ),
    path(club_url + "invitations/", invitations.invitations, name="club-invitations"),
    path(
        club_url + "invitations/<int:invitation_id>/revoke/",
        invitations.invitation_revoke,
        name="club-invitation-revoke",
    ),
    path(club_url + "rules/", rules.rules, name="club-rules"),
    path(
        club_url + "rules/leaderboard/",
        rules.leaderboard_window,
        name="club-leaderboard-window",
    ),
    path(club_url + "rules/pool/", rules.pool_rules, name="club-pool-rules"),
    path(club_url + "rules/confirmation/", rules.confirmation_rule, name="club-confirmation-rule"),
    path("join/<str:token>/", invitations.join, name="club-join"),
]
