"""The one exception type for a problem the user can fix.

Services raise it with a sentence that says what to do; views and API endpoints show that
sentence next to the field it names. Anything else that escapes a service is a bug.
"""

from __future__ import annotations


class UserError(Exception):
    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
