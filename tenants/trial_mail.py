"""The trial area's mail (tenants/trial.py): the confirmation link of a sign-up, or, when
the address is already a person's, a note that they have an account (so the sign-up's
answer never says which). Sent by a task through the platform's own mail connection
(EMAIL_BACKEND), never a client's sending path."""

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.utils.html import escape

from tenants.messages import (
    TRIAL_CONFIRM_SUBJECT,
    TRIAL_EXISTING_SUBJECT,
    TRIAL_SET_NEW_PASSWORD,
)
from tenants.models import SignUp, User
from tenants.trial import confirm_token


def _origin() -> str:
    port = f":{settings.DELIVERY_LINK_PORT}" if settings.DELIVERY_LINK_PORT else ""
    return f"{settings.DELIVERY_LINK_SCHEME}://{settings.BASE_DOMAIN}{port}"


def trial_mail_send(*, sign_up_id: int) -> str | None:
    """Which mail went ("confirm" or "existing"), or None when the sign-up is gone or
    already confirmed."""
    sign_up = SignUp.objects.filter(pk=sign_up_id, confirmed_at__isnull=True).first()
    if sign_up is None:
        return None
    if User.objects.filter(email=sign_up.email).exists():
        kind, subject = "existing", TRIAL_EXISTING_SUBJECT
        link = f"{_origin()}/trial/forgotpassword"
        text = (
            f"Hello,\n\nSomeone, perhaps you, tried to sign up with {sign_up.email}, which "
            f"already has an account. Sign in, or set a new password here:\n\n{link}\n"
        )
        action = TRIAL_SET_NEW_PASSWORD
    else:
        kind, subject = "confirm", TRIAL_CONFIRM_SUBJECT
        link = f"{_origin()}/trial/activationsuccess?token={confirm_token(sign_up)}"
        hours = settings.TRIAL_CONFIRM_MAX_AGE // 3600
        text = (
            f"Hello {sign_up.first_name},\n\nConfirm your email address to start your "
            f"Mailcraft trial for {sign_up.company_name}:\n\n{link}\n\nThe link works once, "
            f"for {hours} hours. If you did not sign up, ignore this message.\n"
        )
        action = TRIAL_CONFIRM_SUBJECT
    message = EmailMultiAlternatives(
        subject=subject, body=text, from_email=settings.DEFAULT_FROM_EMAIL, to=[sign_up.email]
    )
    paragraphs = text.split("\n\n")
    html = "".join(f"<p>{escape(p)}</p>" for p in paragraphs if link not in p)
    message.attach_alternative(f'{html}<p><a href="{escape(link)}">{action}</a></p>', "text/html")
    message.send()
    return kind
