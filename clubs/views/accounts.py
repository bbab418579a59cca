"""Making an account, so that someone with an invitation link can join; asking for a link
to set a new password."""

from __future__ import annotations

import logging
import math
import uuid

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.sites.shortcuts import get_current_site
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, ngettext
from django.views.decorators.http import require_http_methods
from kombu.exceptions import OperationalError as BrokerError

from clubs.forms import SignupForm
from clubs.password_reset import mail_link, wait_before_reset
from clubs.tasks import send_reset_mail_task
from common.cache import REDIS_DOWN
from common.client_ip import client_ip

logger = logging.getLogger(__name__)


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or resolve_url(settings.LOGIN_REDIRECT_URL))
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url or resolve_url(settings.LOGIN_REDIRECT_URL))
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's page, with limits, and the mail queued rather than sent while the person
    waits (clubs/password_reset.py says why)."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        email = form.cleaned_data["email"]
        wait = wait_before_reset(client_address=client_ip(self.request), email=email)
        if wait is not None:
            form.add_error(None, reset_wait_message(wait))
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(int(wait))
            return response
        mail = {
            "email": email,
            "domain": get_current_site(self.request).domain,
            "use_https": self.request.is_secure(),
            "language": get_language(),
        }
        transaction.on_commit(lambda: _queue_reset_mail(mail))
        return HttpResponseRedirect(self.get_success_url())


def _queue_reset_mail(mail: dict) -> None:
    try:
        send_reset_mail_task.delay(request_id=uuid.uuid4().hex, **mail)
    except (BrokerError, *REDIS_DOWN) as error:
        # With the broker away the link is mailed now rather than never: this answer is
        # slower for a known address than for an unknown one, only while Redis is down.
        logger.warning("Password-reset mail sent in the request: no broker (%s).", error)
        mail_link(**mail)


def reset_wait_message(wait: float) -> str:
    minutes = max(1, math.ceil(wait / 60))
    return ngettext(
        "Several links were asked for just now: wait %(count)s minute before asking for "
        "another. Any link already sent still works.",
        "Several links were asked for just now: wait %(count)s minutes before asking for "
        "another. Any link already sent still works.",
        minutes,
    ) % {"count": minutes}
