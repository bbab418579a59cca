"""Forms of the scoring screens: they read and tidy what was typed or tapped; the services
and the rules engine judge it."""
