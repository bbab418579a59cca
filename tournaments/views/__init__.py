"""The directors' tournament screens and the public pages, one small module per screen.

Every view reaches its tournament only through `tournaments.access`, so a slug from another
club, or a page not yet released, finds nothing.
"""
