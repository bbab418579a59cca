"""Password-reset links: how often they may be asked for, and the mail, sent off the request.

The page answers the same, in the same time, whether or not the email address typed has an
account: the request only counts and queues (`clubs.tasks.send_reset_mail_task`); looking
the address up, making the link and sending the mail happen in the worker. The limits count
what was typed, never whether it was found, so being told to wait tells nothing either.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.core.cache import cache
from django.utils import translation

from common import ratelimit

SENT_KEY = "rummyclub:reset-sent:{}"
SENT_FOR_SECONDS = 24 * 3600  # longer than any broker keeps a message for redelivery


def email_key(email: str) -> str:
    """The typed address as the limit counts it: any case, hashed (no address is kept)."""
    return hashlib.sha256(email.strip().casefold().encode()).hexdigest()


def wait_before_reset(*, client_address: str, email: str) -> float | None:
    """Count one request for a link: None when it may go ahead, else the seconds to wait."""
    limits = (
        (f"reset:ip:{client_address}", settings.PASSWORD_RESET_ADDRESS_RATE),
        (f"reset:email:{email_key(email)}", settings.PASSWORD_RESET_ACCOUNT_RATE),
    )
    for key, rate in limits:
        wait = ratelimit.hit(key, ratelimit.parse_rate(rate))
        if wait is not None:
            return wait
    return None


def send_reset_mail(
    *, request_id: str, email: str, domain: str, use_https: bool, language: str
) -> bool:
    """Mail a link to each active account with that address, in the language the page was
    read in; False when this request's mail was already sent (a task delivered twice)."""
    sent_key = SENT_KEY.format(request_id)
    if not cache.add(sent_key, True, timeout=SENT_FOR_SECONDS):
        return False
    mail_link(email=email, domain=domain, use_https=use_https, language=language)
    return True


def mail_link(*, email: str, domain: str, use_https: bool, language: str) -> None:
    """Mail a link to each active account with that address (none: nothing is sent)."""
    form = PasswordResetForm({"email": email})
    if form.is_valid():
        with translation.override(language):
            # Django's form logs a mail that cannot be sent rather than raising: a retry
            # would meet the same mail server, and the person can ask again.
            form.save(domain_override=domain, use_https=use_https)
