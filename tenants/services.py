"""Writes of the public schema: clients, people, sign-in and sign-out, access lists."""

from django.conf import settings
from django.contrib.auth import authenticate, login, logout
from django.db import transaction

from config.errors import TooManyRequests, ValidationFailed
from tenants.access import DEFAULT_ACTION_ROLES, ActionType, Member, authorize
from tenants.members import member_for
from tenants.middleware import SESSION_CLIENT_KEY
from tenants.models import AccessRule, Client, Domain, Membership, Plan, Role, User
from tenants.rate_limit import rate_limit_exceeded, rate_limit_hit, rate_limit_reset
from tenants.sso import SsoRejected, sso_payload_redeem
from tenants.tokens import api_token_issue

INVALID_CREDENTIALS = "Invalid email or password."
TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please try again later."
ENABLED_FOR_USERS = "Enabled for users successfully."
DISABLED_FOR_USERS = "Disabled for users successfully."
SESSION_WEBSITE_KEY = "website_id"


def client_create(
    *,
    name: str,
    schema_name: str,
    domain: str,
    site_type: str = "MM",
    time_zone: str = "America/New_York",
    plan: Plan | None = None,
    subscriptions_enabled: bool = False,
    rep_notifications_only: bool = False,
    parent_origins: list[str] | None = None,
) -> Client:
    """Create a client, its schema (migrated) and its primary host name."""
    client = Client(
        name=name,
        schema_name=schema_name,
        site_type=site_type,
        time_zone=time_zone,
        plan=plan,
        subscriptions_enabled=subscriptions_enabled,
        rep_notifications_only=rep_notifications_only,
        parent_origins=parent_origins or [],
    )
    client.full_clean(exclude=["sso_secret"])
    client.save()
    Domain.objects.create(domain=domain, tenant=client, is_primary=True)
    return client


def member_add(
    *,
    client: Client,
    email: str,
    role: str = Role.USER,
    password: str | None = None,
    first_name: str = "",
    last_name: str = "",
    has_mkm_access: bool = True,
) -> Membership:
    """Give a person (created when new) a role in `client`."""
    email = email.strip().lower()
    with transaction.atomic():
        user = User.objects.filter(email=email).first()
        if user is None:
            user = User.objects.create_user(
                email, password, first_name=first_name, last_name=last_name
            )
        elif password:
            user.set_password(password)
            user.save(update_fields=["password"])
        membership, _ = Membership.objects.update_or_create(
            user=user,
            client=client,
            defaults={"role": role, "has_mkm_access": has_mkm_access, "is_active": True},
        )
    return membership


def _start_session(request, user: User, *, website_id: int | None = None) -> str:
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session[SESSION_CLIENT_KEY] = request.tenant.pk
    if website_id is not None:
        request.session[SESSION_WEBSITE_KEY] = website_id
    request.session.save()
    return api_token_issue(session_key=request.session.session_key, client_id=request.tenant.pk)


def _client_ip(request) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def user_sign_in(*, request, email: str, password: str) -> str:
    """Standalone sign-in. Rate-limited per account and per address; a person who does not
    belong to this client gets the same answer as a wrong password."""
    email = email.strip().lower()
    account_key = f"signin:account:{email}"
    ip_key = f"signin:ip:{_client_ip(request)}"
    if rate_limit_exceeded(
        account_key, limit=settings.LOGIN_RATE_LIMIT_PER_ACCOUNT
    ) or rate_limit_exceeded(ip_key, limit=settings.LOGIN_RATE_LIMIT_PER_IP):
        raise TooManyRequests(TOO_MANY_ATTEMPTS)

    user = authenticate(request, username=email, password=password)
    if user is None or member_for(user=user, client=request.tenant) is None:
        window = settings.LOGIN_RATE_LIMIT_WINDOW
        rate_limit_hit(account_key, window=window)
        rate_limit_hit(ip_key, window=window)
        raise ValidationFailed(INVALID_CREDENTIALS)
    rate_limit_reset(account_key)
    return _start_session(request, user)


def user_sign_in_sso(*, request, payload: str) -> str:
    """Exchange a parent-suite payload for our own session and token. The payload may
    grant ADMIN or USER in this client only; it can never make anyone a super-admin."""
    client = request.tenant
    claims = sso_payload_redeem(client=client, payload=payload)
    with transaction.atomic():
        user = User.objects.filter(email=claims.email).first()
        if claims.role == Role.SUPERADMIN:
            if user is None or not user.is_superadmin:
                raise SsoRejected("payload claims SUPERADMIN for a person who is not one")
        else:
            membership = member_add(
                client=client,
                email=claims.email,
                role=claims.role,
                first_name=claims.first_name,
                last_name=claims.last_name,
                has_mkm_access=claims.has_mkm_access,
            )
            user = membership.user
        if claims.first_name or claims.last_name:
            user.first_name, user.last_name = claims.first_name, claims.last_name
            user.save(update_fields=["first_name", "last_name"])
    return _start_session(request, user, website_id=claims.website_id)


def user_sign_out(*, request) -> None:
    logout(request)


def current_website_set(*, request, website_id: int) -> None:
    request.session[SESSION_WEBSITE_KEY] = website_id


def access_control_update(*, client: Client, member: Member, action: str, user_access: bool) -> str:
    """Admins enable or disable an action for the USER role (spec 6)."""
    authorize(member, admin_only=True)
    if action not in set(ActionType):
        raise ValidationFailed("Invalid Request", errors={"action": ["Unknown action type."]})
    with transaction.atomic():
        rule, _ = AccessRule.objects.select_for_update().get_or_create(
            client=client,
            action_type=action,
            defaults={"roles": DEFAULT_ACTION_ROLES.get(action, [Role.ADMIN])},
        )
        roles = [role for role in rule.roles if role != Role.USER]
        if user_access:
            roles.append(Role.USER)
        rule.roles = roles
        rule.save(update_fields=["roles"])
    return ENABLED_FOR_USERS if user_access else DISABLED_FOR_USERS
