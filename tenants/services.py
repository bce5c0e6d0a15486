"""Writes of the public schema: clients, people, sign-in and sign-out, access lists."""

from django.contrib.auth import authenticate, login, logout
from django.db import transaction

from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from core.errors import ValidationFailed, invalid_field
from core.http import client_address
from tenants.access import DEFAULT_ACTION_ROLES, ActionType, Member, authorize
from tenants.hosts import hosts_forget
from tenants.members import member_for
from tenants.messages import (
    DISABLED_FOR_USERS,
    ENABLED_FOR_USERS,
    INVALID_CREDENTIALS,
    UNKNOWN_ACTION_TYPE,
    UNKNOWN_WEBSITE,
)
from tenants.middleware import SESSION_CLIENT_KEY, SESSION_METHOD_KEY
from tenants.models import (
    AccessRule,
    Client,
    ClientStatus,
    Domain,
    Membership,
    PageHost,
    Plan,
    Role,
    SetAsideBatch,
    User,
)
from tenants.schema_template import schema_clone, template_ensure
from tenants.sign_in_guard import (
    origin_check,
    sign_in_allowed,
    sign_in_failed,
    sign_in_succeeded,
)
from tenants.sso import SsoRejected, sso_payload_redeem
from tenants.tokens import api_token_issue, session_tokens_revoke

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
    website_ids: list[int] | None = None,
    status: str = ClientStatus.ACTIVE,
    setup_complete: bool = True,
) -> Client:
    """Create a client, its schema (a clone of the migrated template,
    tenants/schema_template.py) and its primary host name. The row and host are saved
    before the clone commits its schema; a failure between them is provisioning's to clean
    up (tenants/provisioning.py)."""
    client = Client(
        name=name,
        schema_name=schema_name,
        site_type=site_type,
        time_zone=time_zone,
        plan=plan,
        subscriptions_enabled=subscriptions_enabled,
        rep_notifications_only=rep_notifications_only,
        parent_origins=parent_origins or [],
        website_ids=website_ids or [],
        status=status,
        setup_complete=setup_complete,
    )
    client.full_clean(exclude=["sso_secret"])
    client.auto_create_schema = False
    template_ensure()
    with transaction.atomic():
        client.save()
        Domain.objects.create(domain=domain, tenant=client, is_primary=True)
        schema_clone(client.schema_name)
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


def _start_session(request, user: User, *, method: str, website_id: int | None = None) -> str:
    with transaction.atomic():
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        request.session[SESSION_CLIENT_KEY] = request.tenant.pk
        request.session[SESSION_METHOD_KEY] = method
        if website_id is not None:
            request.session[SESSION_WEBSITE_KEY] = website_id
        request.session.save()
        token = api_token_issue(
            session_key=request.session.session_key, client_id=request.tenant.pk, user_id=user.pk
        )
        # Nobody is signed in yet as far as the request's audit context knows.
        audit_record(
            AuditEvent.SIGNED_IN,
            object_id=user.pk,
            label=user.email,
            extra={"method": method},
            actor_id=user.pk,
            actor_email=user.email,
            path=AuditPath.SSO if method == "sso" else None,
        )
    return token


def password_check(*, request, email: str, password: str) -> User | None:
    """The person whose password this is, under the sign-in backoff (per account across
    every client, per address); None when the email or the password is wrong."""
    email = email.strip().lower()
    address = client_address(request)
    sign_in_allowed(email=email, address=address)
    user = authenticate(request, username=email, password=password)
    if user is None:
        sign_in_failed(email=email, address=address)
        return None
    sign_in_succeeded(email=email)
    return user


def user_sign_in(*, request, email: str, password: str) -> str:
    """Standalone sign-in, from the app's own host or a registered parent origin. A person
    who does not belong to this client gets the same answer as a wrong password."""
    origin_check(request, allowed=list(request.tenant.parent_origins))
    user = password_check(request=request, email=email, password=password)
    if user is None or member_for(user=user, client=request.tenant) is None:
        if user is not None:
            sign_in_failed(email=user.email, address=client_address(request))
        _sign_in_failure_record(email=email, user=user)
        raise ValidationFailed(INVALID_CREDENTIALS)
    return _start_session(request, user, method="password")


def _sign_in_failure_record(*, email: str, user: User | None) -> None:
    """A refused password sign-in, in the client's trail: the address typed (a known
    person's row is theirs) and why. Attempts the backoff refused are not recorded, so a
    guesser cannot flood the trail."""
    known = user or User.objects.filter(email__iexact=email.strip()).first()
    audit_record(
        AuditEvent.SIGN_IN_FAILED,
        object_id=known.pk if known else None,
        label=email.strip(),
        extra={"reason": "notMember" if user is not None else "password"},
        actor_id=known.pk if known else None,
        actor_email=known.email if known else "",
    )


def user_sign_in_sso(*, request, payload: str) -> str:
    """Exchange a parent-suite payload for our own session and token. A payload grants
    ADMIN or USER in this client only: it never names a super-admin, never revives a
    membership an admin deactivated, and renames the person only within this client."""
    try:
        return _sso_session_start(request, payload)
    except SsoRejected as refused:
        # Recorded outside the refused transaction, so that the row stays. The payload's
        # claims are not trusted here: it may not even carry a valid signature.
        audit_record(
            AuditEvent.SSO_REFUSED,
            extra={"reason": str(refused)[:200]},
            actor_id=None,
            actor_email="",
            path=AuditPath.SSO,
        )
        raise


def _sso_session_start(request, payload: str) -> str:
    client = request.tenant
    claims = sso_payload_redeem(client=client, payload=payload)
    if claims.website_id is not None and claims.website_id not in client.website_ids:
        raise SsoRejected("websiteId is not one of the client's websites")
    with transaction.atomic():
        user = User.objects.select_for_update().filter(email=claims.email).first()
        if user is not None and (user.is_superadmin or not user.is_active):
            raise SsoRejected("payload names a super-admin or a deactivated person")
        if user is None:
            user = User.objects.create_user(claims.email, None)
        membership, created = Membership.objects.select_for_update().get_or_create(
            user=user,
            client=client,
            defaults={"role": claims.role, "has_mkm_access": claims.has_mkm_access},
        )
        if not membership.is_active:
            raise SsoRejected("membership deactivated by an admin")
        membership.role = claims.role
        membership.has_mkm_access = claims.has_mkm_access
        if claims.first_name or claims.last_name:
            membership.first_name, membership.last_name = claims.first_name, claims.last_name
        membership.save()
    return _start_session(request, user, method="sso", website_id=claims.website_id)


def user_sign_out(*, request) -> None:
    """Ends the session and every token made from it."""
    session_key = request.session.session_key
    member = getattr(request, "member", None)
    with transaction.atomic():
        if member is not None:
            audit_record(AuditEvent.SIGNED_OUT, object_id=member.user_id, label=member.email)
        logout(request)
        if session_key:
            session_tokens_revoke(session_key)


def current_website_set(*, request, website_id: int) -> None:
    """The parent suite switched website: only one of this client's own."""
    if website_id not in request.tenant.website_ids:
        raise invalid_field("websiteID", UNKNOWN_WEBSITE)
    request.session[SESSION_WEBSITE_KEY] = website_id


def access_control_update(*, client: Client, member: Member, action: str, user_access: bool) -> str:
    """Admins enable or disable an action for the USER role (spec 6)."""
    authorize(member, admin_only=True)
    if action not in set(ActionType):
        raise invalid_field("action", UNKNOWN_ACTION_TYPE)
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
        audit_record(
            AuditEvent.ACCESS_CONTROL_CHANGED,
            label=action,
            extra={"action": action, "userAccess": user_access, "roles": roles},
            client=client,
        )
    return ENABLED_FOR_USERS if user_access else DISABLED_FOR_USERS


def client_host_add(*, client: Client, host: str) -> bool:
    """Serve `host` as one more host name of `client` that answers only the links in its
    mail (a verified tracking domain: recipient_only). False when the name already belongs
    to another client or to the platform, or is a page domain (page_host_add)."""
    host = host.lower()
    if PageHost.objects.filter(host=host).exists():
        return False
    existing = Domain.objects.filter(domain=host).first()
    if existing is not None:
        return existing.tenant_id == client.pk
    Domain.objects.create(domain=host, tenant=client, is_primary=False, recipient_only=True)
    _hosts_changed()
    return True


def client_host_remove(*, client: Client, host: str) -> None:
    Domain.objects.filter(domain=host.lower(), tenant=client, is_primary=False).delete()
    _hosts_changed()


def page_host_add(*, client: Client, host: str) -> bool:
    """Serve `client`'s published pages on `host` (a page domain it has just verified). False
    when the name is another client's page domain or any client's or the platform's host."""
    host = host.lower()
    if Domain.objects.filter(domain=host).exists():
        return False
    owner, _ = PageHost.objects.get_or_create(host=host, defaults={"client": client})
    if owner.client_id != client.pk:
        return False
    _hosts_changed()
    return True


def page_host_remove(*, client: Client, host: str) -> None:
    """`host` no longer serves `client`'s pages (removed, or its records gone)."""
    PageHost.objects.filter(host=host.lower(), client=client).delete()
    _hosts_changed()


def _hosts_changed() -> None:
    hosts_forget()
    transaction.on_commit(hosts_forget)


def batch_set_aside(
    *, queue: str, client_id: int, batch: str, entries: str, attempts: int, error: str
) -> None:
    """Keep a queue-draining task's part of a batch that failed every attempt, for operators
    (the operators' admin lists them), so the task can go on with everyone else's work.
    Setting the same part aside twice keeps the first."""
    SetAsideBatch.objects.get_or_create(
        queue=queue,
        batch=batch,
        client_id=client_id,
        defaults={"entries": entries, "attempts": attempts, "error": error[:2000]},
    )
