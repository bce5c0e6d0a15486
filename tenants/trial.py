"""The trial area's sign-up (spec 1, 2.4): a prospect signs up on the public host, confirms
the address from an emailed link (signed, expiring, one use), chooses the free trial, and
provisioning makes the workspace (tenants/provisioning.py) with them as its ADMIN.

Enumeration-safe: a sign-up answers the same whether the address is new or already a
person's, after the same work (the password is hashed either way, the mail is sent by a
task after the answer); the person already known gets a mail saying so instead of a
link. Limited per address and per caller's IP (core/hourly_limits.py). Paid plans go
through billing's checkout, which this layer cannot reach: they are refused here until
the assembly wires them (tenants sits below billing)."""

from __future__ import annotations

import hashlib
import re
import secrets
import zoneinfo

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from core.errors import NotFound, ValidationFailed, invalid_field
from core.hourly_limits import LimitReached, Window, windows_take
from core.tasks import enqueue_on_commit
from tenants.messages import (
    TIME_ZONE_UNKNOWN,
    TRIAL_COMPANY_SIZE_UNKNOWN,
    TRIAL_COUNTRY_UNKNOWN,
    TRIAL_FIELD_REQUIRED,
    TRIAL_LINK_INVALID,
    TRIAL_PAID_PLANS_LATER,
    TRIAL_PLAN_UNKNOWN,
    TRIAL_SIGN_UP_FIRST,
    TRIAL_TERMS_REQUIRED,
    TRIAL_TOO_MANY,
)
from tenants.models import Plan, Provisioning, SignUp, User
from tenants.provisioning import provisioning_start
from tenants.task_declarations import TRIAL_MAIL_SEND

SALT = "tenants.trial.confirm"
SESSION_SIGN_UP_KEY = "trial_sign_up"
COMPANY_SIZES = ("1-10", "11-50", "51-200", "201-1000", "1000+")


def _limit(*, email: str, address: str) -> None:
    email_key = hashlib.sha256(email.encode()).hexdigest()[:32]
    refused = windows_take(
        [
            Window(f"trial-signup:to:{email_key}", settings.TRIAL_SIGNUPS_HOURLY_PER_ADDRESS),
            Window(f"trial-signup:ip:{address}", settings.TRIAL_SIGNUPS_HOURLY_PER_IP),
        ]
    )
    if refused is not None:
        raise LimitReached(TRIAL_TOO_MANY, retry_after=refused.retry_after)


def _email_clean(email: str) -> str:
    email = email.strip().lower()
    try:
        validate_email(email)
    except ValidationError as exc:
        raise invalid_field("email", exc.messages[0]) from exc
    return email


def _password_clean(password: str, *, email: str, first_name: str) -> str:
    probe = User(email=email, first_name=first_name)
    try:
        validate_password(password, user=probe)
    except ValidationError as exc:
        raise invalid_field("password", " ".join(exc.messages)) from exc
    return make_password(password)


def signup_start(
    *,
    address: str,
    email: str,
    first_name: str,
    last_name: str,
    password: str,
    company_name: str,
    website: str,
    company_size: str,
    country: str,
    time_zone: str,
    terms_accepted: bool,
) -> None:
    """Record a sign-up and mail its confirmation link; or, when the address is already a
    person's, mail them that they have an account. Same answer, same work either way."""
    email = _email_clean(email)
    if not first_name.strip():
        raise invalid_field("firstName", TRIAL_FIELD_REQUIRED)
    if not company_name.strip():
        raise invalid_field("companyName", TRIAL_FIELD_REQUIRED)
    if company_size and company_size not in COMPANY_SIZES:
        raise invalid_field("companySize", TRIAL_COMPANY_SIZE_UNKNOWN)
    if country and not re.fullmatch(r"[A-Z]{2}", country):
        raise invalid_field("country", TRIAL_COUNTRY_UNKNOWN)
    if time_zone not in zoneinfo.available_timezones():
        raise invalid_field("timeZone", TIME_ZONE_UNKNOWN)
    if not terms_accepted:
        raise invalid_field("termsAccepted", TRIAL_TERMS_REQUIRED)
    hashed = _password_clean(password, email=email, first_name=first_name)
    _limit(email=email, address=address)
    with transaction.atomic():
        sign_up = SignUp.objects.create(
            email=email,
            first_name=first_name.strip(),
            last_name=last_name.strip(),
            password=hashed,
            company_name=company_name.strip(),
            website=website.strip(),
            company_size=company_size,
            country=country,
            time_zone=time_zone,
            terms_accepted_at=timezone.now(),
        )
        enqueue_on_commit(TRIAL_MAIL_SEND, sign_up_id=sign_up.pk)


def confirm_token(sign_up: SignUp) -> str:
    return signing.dumps({"id": sign_up.pk}, salt=SALT)


def signup_confirm(*, token: str) -> SignUp:
    """Redeem a confirmation link: once, before it expires. The person is made then, with
    the password chosen at sign-up."""
    invalid = ValidationFailed(TRIAL_LINK_INVALID)
    try:
        claims = signing.loads(token, salt=SALT, max_age=settings.TRIAL_CONFIRM_MAX_AGE)
    except signing.BadSignature as exc:
        raise invalid from exc
    with transaction.atomic():
        sign_up = (
            SignUp.objects.select_for_update()
            .filter(pk=claims.get("id"), confirmed_at__isnull=True)
            .first()
        )
        if sign_up is None or User.objects.filter(email=sign_up.email).exists():
            raise invalid
        user = User.objects.create(
            email=sign_up.email,
            first_name=sign_up.first_name,
            last_name=sign_up.last_name,
            password=sign_up.password,
        )
        sign_up.user = user
        sign_up.confirmed_at = timezone.now()
        sign_up.save(update_fields=["user", "confirmed_at"])
    return sign_up


def trial_plan() -> Plan:
    """The free trial's plan (TRIAL_PLAN_NAME, its limits set by operators)."""
    plan, _ = Plan.objects.get_or_create(
        name=settings.TRIAL_PLAN_NAME, defaults={"limits": settings.TRIAL_PLAN_LIMITS}
    )
    return plan


def signup_of_session(session) -> SignUp:
    sign_up = SignUp.objects.filter(
        pk=session.get(SESSION_SIGN_UP_KEY), confirmed_at__isnull=False
    ).first()
    if sign_up is None:
        raise NotFound(TRIAL_SIGN_UP_FIRST)
    return sign_up


def _names(company: str) -> tuple[str, str]:
    slug = re.sub(r"[^a-z0-9]+", "-", company.lower()).strip("-")[:30].strip("-") or "client"
    suffix = secrets.token_hex(3)
    return f"c_{slug.replace('-', '_')}_{suffix}", f"{slug}-{suffix}.{settings.BASE_DOMAIN}"


def signup_plan_choose(*, sign_up: SignUp, plan_id: int) -> Provisioning:
    """Start the workspace on the chosen plan: the free trial now; a paid plan is
    billing's (refused here). Choosing again returns the provisioning already started."""
    if sign_up.provisioning is not None:
        return sign_up.provisioning
    plan = Plan.objects.filter(pk=plan_id).first()
    if plan is None:
        raise invalid_field("planId", TRIAL_PLAN_UNKNOWN)
    if plan.pk != trial_plan().pk:
        raise invalid_field("planId", TRIAL_PAID_PLANS_LATER)
    schema_name, domain = _names(sign_up.company_name)
    with transaction.atomic():
        provisioning = provisioning_start(
            name=sign_up.company_name,
            schema_name=schema_name,
            domain=domain,
            admin=sign_up.user,
            plan=plan,
            time_zone=sign_up.time_zone,
        )
        sign_up.provisioning = provisioning
        sign_up.save(update_fields=["provisioning"])
    return provisioning
