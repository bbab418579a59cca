"""Search and ordering for every API list, described exactly in the OpenAPI schema.

DRF's own backends document ?search= on every list, even where nothing is searched, and
?ordering= as a free string; these document each only where it works, with its values.
"""

from __future__ import annotations

from typing import Any

from rest_framework import filters


class SearchFilter(filters.SearchFilter):
    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        fields = getattr(view, "search_fields", None)
        if not fields:
            return []
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            words = ", ".join(field.lstrip("^=@$") for field in fields)
            parameter["description"] = f"Find by {words} (any part, any capitals)."
        return parameters


class OrderingFilter(filters.OrderingFilter):
    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        fields = getattr(view, "ordering_fields", None)
        if not fields or fields == "__all__":
            return super().get_schema_operation_parameters(view)
        parameters = super().get_schema_operation_parameters(view)
        default = ",".join(getattr(view, "ordering", None) or [])
        for parameter in parameters:
            parameter["schema"] = {
                "type": "string",
                "enum": [value for field in fields for value in (field, f"-{field}")],
            }
            parameter["description"] = "Order by this field; a leading - reverses it." + (
                f" Default: {default}." if default else ""
            )
        return parameters
