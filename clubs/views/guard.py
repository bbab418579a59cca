"""What every club view shares: access failures that a login can fix, and service errors."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from common.errors import UserError


def login_if_anonymous(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A visitor who is not logged in is sent to log in rather than shown "forbidden".

    `club_access` still decides: private clubs stay "not found" for them (a 404 is raised,
    not a PermissionDenied), so the login page never reveals that a private club exists.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except PermissionDenied:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(request.get_full_path())

    return wrapper


def show_error(form: forms.Form, error: UserError) -> None:
    """The service's sentence next to the field it names, or above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)
