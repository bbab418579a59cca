"""The floor: what every app shares, importing no app and not `config`.

The user-facing error type (`errors.py`), the request helpers (`http.py`, `client_ip.py`,
`ratelimit.py`), the API's plumbing (`api/`), the bounds of typed numbers (`bounds.py`),
numbers as the reader's language writes them (`numbers.py`), CSV downloads
(`csv_export.py`), the engine's sentences in the reader's language (`rules_words.py`), and
the cache, the slots and the outage sentences every app may meet (`cache.py`, `slots.py`,
`outage.py`). docs/architecture.md, "Who may import whom".
"""
