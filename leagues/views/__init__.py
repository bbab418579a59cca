"""League, leaderboard and player pages, one small module per screen.

Every view reaches the club only through `clubs.access.club_access`, and leagues, players
and sessions only inside that club, so an id from another club finds nothing.
"""
