"""Problems a scorer can fix, each with a sentence for them (see common.errors.UserError)."""

from __future__ import annotations

from common.errors import UserError


class HandRejected(UserError):
    """The hand as entered cannot be scored; `seat` names the player at fault, if one is."""

    def __init__(self, message: str, *, field: str | None = None, seat: int | None = None):
        super().__init__(message, field=field)
        self.seat = seat


class KeyUsedElsewhere(HandRejected):
    """The change's key was already used for a change in another session: a client that
    reused a key (the web form says to reload; the API says to make a new key)."""


class StaleSession(UserError):
    """Someone else changed the session since this screen was drawn."""

    code = "stale_session"
    status_code = 409


class SessionClosed(UserError):
    """The session has ended: no new hands."""

    code = "session_closed"
    status_code = 409


class HandChanged(UserError):
    """An answer or a decision named a version of the hand that is no longer its current
    one: the hand was corrected meanwhile, and must be read again."""

    code = "hand_changed"
    status_code = 409
