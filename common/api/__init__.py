"""The API's plumbing every endpoint shares: errors, parsers, throttles, pagination, schema."""
