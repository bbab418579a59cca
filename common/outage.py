"""What a request answers while the database cannot be reached: 503 and a sentence, not 500.

A dropped connection, a database that is restarting or refusing connections, a statement
cut off by a timeout: Django raises each as OperationalError, or InterfaceError on a
connection that is already closed. The request can be sent again a minute later, which is
what the answer says; every other error is left to the usual 500.
"""

from django.db import InterfaceError, OperationalError
from django.utils.translation import gettext as _

DATABASE_DOWN = (OperationalError, InterfaceError)
# Seconds, sent as Retry-After: how soon a client (or the scorer's phone) should try again.
RETRY_AFTER_SECONDS = 60
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def database_down_message(method: str | None) -> str:
    """The sentence a player reads; a change they sent is said not to be saved."""
    if method in _SAFE_METHODS:
        return _("The club's database cannot be reached right now. Try again in a minute.")
    return _(
        "The club's database cannot be reached right now; your entry was not saved. "
        "Try again in a minute."
    )
