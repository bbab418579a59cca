"""What leagues tell the apps built on their results, without knowing those apps.

Tournaments rank the same session results, so they listen here (`tournaments/apps.py`);
leagues never import tournaments.
"""

from django.dispatch import Signal

# Sent inside the transaction that replaced one session's results: `session`, loaded with
# `select_related("tournament_table__round")` so a listener can read its table for free.
results_changed = Signal()
# Sent at the end of one club's rebuild (`leagues/services/rebuild.py`), with its `club_id`;
# each listener rebuilds what it derives for that club and answers a dict of counts that
# join the command's report (for example {"tournaments": 3}).
results_rebuilt = Signal()
