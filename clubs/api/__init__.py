"""The REST API for clubs and their players (/api/v1/clubs/...), and API tokens."""
