"""Snapshots of everything derived from the hands, to compare two ways of computing it."""

from __future__ import annotations

from leagues.models import Rating, RatingChange, SessionResult, Standing


def derived_state() -> dict[str, list[tuple]]:
    return {
        "results": sorted(
            SessionResult.objects.values_list(
                "session_id",
                "player_id",
                "finished",
                "points",
                "hands_played",
                "hands_won",
                "best_hand",
                "best_hand_number",
                "place",
                "played_at",
            )
        ),
        "standings": sorted(
            Standing.objects.values_list(
                "league_id",
                "player_id",
                "sessions",
                "points",
                "hands_won",
                "sessions_won",
                "placing_points",
                "last_played_at",
                "last_place",
            )
        ),
        "ratings": sorted(
            (club, variant, player, round(mu, 9), round(sigma, 9), games)
            for club, variant, player, mu, sigma, games in Rating.objects.values_list(
                "club_id", "variant", "player_id", "mu", "sigma", "games"
            )
        ),
        "history": sorted(
            (session, player, round(mu, 9), round(sigma, 9))
            for session, player, mu, sigma in RatingChange.objects.values_list(
                "session_id", "player_id", "mu", "sigma"
            )
        ),
    }
