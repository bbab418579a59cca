"""Refusals of the tab's changes, each a `UserError` with a sentence (common/errors.py)."""

from __future__ import annotations

from common.errors import UserError


class NotAllowed(UserError):
    """The caller is neither an organiser nor one of the two players of the payment."""

    code = "permission_denied"
    status_code = 403


class AlreadyRemoved(UserError):
    """Someone removed the payment meanwhile: nothing to remove twice."""

    code = "already_removed"
    status_code = 409


class KeyReused(UserError):
    """A client key already stored with a different payment (a form used twice, a client
    that made one key for two payments): nothing is stored and nothing is returned."""
