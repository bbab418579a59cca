"""The REST API for leagues, their standings, leaderboards and player statistics."""
