"""Celery tasks: they take values or ids, call a service, and are safe to run twice."""

from __future__ import annotations

from celery import shared_task

from clubs import password_reset


@shared_task(name="clubs.tasks.send_reset_mail_task", acks_late=True)
def send_reset_mail_task(
    request_id: str, email: str, domain: str, use_https: bool, language: str
) -> bool:
    """The password-reset mail of one request (at most once per request id)."""
    return password_reset.send_reset_mail(
        request_id=request_id, email=email, domain=domain, use_https=use_https, language=language
    )
