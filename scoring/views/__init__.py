"""The scoring screens: starting a session, the table screen, recording and correcting
hands, the summary, exports and the check-a-show page; one small module per screen."""
