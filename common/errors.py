"""The one exception type for a problem the user can fix.

Services raise it with a sentence that says what to do; views and API endpoints show that
sentence next to the field it names. Anything else that escapes a service is a bug.
"""

from __future__ import annotations


class UserError(Exception):
    # How the API answers it (common/api/errors.py); a subclass for a conflict with what
    # another user did meanwhile says so here, so the API needs no list of subclasses.
    code = "bad_request"
    status_code = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class OptionRefused(UserError):
    """A game option the rules engine refused; `option` names it, so a form of one field per
    option can put the sentence next to that field."""

    def __init__(self, message: str, *, option: str | None) -> None:
        super().__init__(message, field="options")
        self.option = option
