"""What the scoring app tells the rest of the product.

`session_changed` is sent inside the transaction of every change to a session's hands or
its status (recording, correcting, voiding, undoing, finishing), so receivers can record
that work is due in the same transaction; standings and ratings listen to it
(tournaments/apps.py) without scoring depending on them.
"""

from django.dispatch import Signal

# Sent with `session` (a GameSession), inside the change's transaction.
session_changed = Signal()
