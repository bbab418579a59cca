class BackupError(Exception):
    """A backup, restore or check that cannot go on, with one sentence saying why and what
    to do; the commands print it as it is."""
