"""The REST API for tournaments: entries, rounds and their tables, standings, and the
directors' steps."""
