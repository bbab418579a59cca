"""The club and account screens, one small module per screen."""
