#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    if sys.argv[1:] == ["rules"]:
        # The rules engine's command-line door needs no Django: skipping settings, the app
        # registry and Celery saves about 0.4 s of start-up on every batch. Any
        # option (`rules --help`) goes the usual way, to scoring/management/commands/rules.py.
        from scoring.rules_stream import main as serve_rules

        sys.exit(serve_rules())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
