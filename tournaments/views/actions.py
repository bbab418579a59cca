"""One button, one service call: what every director's action view shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from common.errors import UserError

# What an action did, as a sentence, and the address of the page that shows it.
Outcome = tuple[str, str]


def run_action(request: HttpRequest, action: Callable[[], Outcome], *, back: str) -> HttpResponse:
    """Call the service; say what it did, or why it refused, on the page it leads to.

    The services refuse before writing anything, so after a refusal the director is back
    where they were (`back`) with the sentence and nothing has changed. POST, then
    redirect: reloading the page never repeats the action.
    """
    try:
        said, go_to = action()
    except UserError as error:
        messages.error(request, error.message)
        return redirect(back)
    messages.success(request, said)
    return redirect(go_to)


def confirmed_action(
    request: HttpRequest,
    action: Callable[[], str],
    *,
    back: str,
    template: str,
    context: Callable[[], dict[str, Any]],
) -> HttpResponse:
    """A destructive step: its confirmation page on GET; on POST the service, then `back`
    with what it did, or the page again with the refusal (400) and nothing changed.

    `context` is asked for only when the page is drawn: a step that succeeded reads nothing
    more."""
    error = ""
    if request.method == "POST":
        try:
            said = action()
        except UserError as refused:
            error = refused.message
        else:
            messages.success(request, said)
            return redirect(back)
    return render(request, template, context() | {"error": error}, status=400 if error else 200)
