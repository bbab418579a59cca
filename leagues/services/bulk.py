"""Inserting many derived rows at once: COPY on PostgreSQL, bulk_create elsewhere."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from django.db import connection
from django.db.models import Model

M = TypeVar("M", bound=Model)


def insert_many(model: type[M], objs: Sequence[M]) -> None:
    """Insert `objs` (no ids needed back). COPY is about four times faster than
    bulk_create for tens of thousands of rows: Django prepares every value in Python."""
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(objs, batch_size=2000)
        return
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    table = connection.ops.quote_name(model._meta.db_table)
    connection.ensure_connection()
    with connection.connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            for obj in objs:
                copy.write_row([getattr(obj, f.attname) for f in fields])
