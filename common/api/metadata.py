"""What OPTIONS answers: the methods an address takes and, for POST and PUT, their fields.

DRF's own metadata fetches the object with `get_object()` before it describes a PUT. The
views here never use `get_object()`: they load what they act on through clubs.access by
their own URL arguments, so that call failed and OPTIONS answered 500. This describes each
method the caller may use, through the same permission checks, without fetching anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.metadata import SimpleMetadata
from rest_framework.request import Request, clone_request

if TYPE_CHECKING:  # rest_framework.views imports this module through its settings
    from rest_framework.views import APIView


class Metadata(SimpleMetadata):
    def determine_actions(self, request: Request, view: APIView) -> dict[str, Any]:
        actions: dict[str, Any] = {}
        for method in sorted({"PUT", "POST"} & set(view.allowed_methods)):
            view.request = clone_request(request, method)
            try:
                view.check_permissions(view.request)
                get_serializer = getattr(view, "get_serializer", None)
                if get_serializer is not None:  # a plain APIView describes no fields
                    actions[method] = self.get_serializer_info(get_serializer())
            except (exceptions.APIException, PermissionDenied, Http404):
                pass  # not the caller's to use
            finally:
                view.request = request
        return actions
