"""Short codes a person reads aloud or types with one thumb: a table's join code, a
tournament's check-in code. Each is made the first time it is asked for, unique per model."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, models, transaction

# No 0/O, 1/I/L: a code is read across a noisy room.
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_code() -> str:
    """A fresh code; unique only when stored (`code_of` draws again on a clash)."""
    return "".join(secrets.choice(LETTERS) for _ in range(LENGTH))


def normal_code(typed: str) -> str:
    """A typed code as stored: capitals, without spaces or dashes."""
    return "".join(typed.split()).replace("-", "").upper()


def code_of(instance: models.Model, field: str) -> str:
    """The instance's code in `field` (unique, null until made), made now if it has none."""
    model = type(instance)
    while not getattr(instance, field):
        code = new_code()
        try:
            with transaction.atomic():
                updated = model._default_manager.filter(pk=instance.pk, **{field: None}).update(
                    **{field: code}
                )
        except IntegrityError:
            continue  # another one has it: draw again
        if updated:
            setattr(instance, field, code)
        else:  # another request gave it one meanwhile
            instance.refresh_from_db(fields=[field])
    return str(getattr(instance, field))
