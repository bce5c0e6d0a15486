"""Resolve who is signed in, as one client sees them."""

from tenants.access import Member, access_list_for
from tenants.models import Client, Membership, Role, User


def member_for(*, user: User, client: Client, allow_superadmin: bool = True) -> Member | None:
    """The person's role in `client`, or None when they do not belong to it. A super-admin
    is one only in a session their password made (`allow_superadmin`); any other session
    of theirs is refused."""
    if not user.is_active:
        return None
    first_name, last_name = user.first_name, user.last_name
    if user.is_superadmin:
        if not allow_superadmin:
            return None
        role, has_mkm = Role.SUPERADMIN, True
    else:
        membership = Membership.objects.filter(user=user, client=client, is_active=True).first()
        if membership is None:
            return None
        role, has_mkm = Role(membership.role), membership.has_mkm_access
        first_name = membership.first_name or first_name
        last_name = membership.last_name or last_name
    return Member(
        user_id=user.pk,
        email=user.email,
        first_name=first_name,
        last_name=last_name,
        client_id=client.pk,
        role=role,
        has_mkm_access=has_mkm,
        access_list=access_list_for(client),
    )


def client_admin_emails(client: Client) -> list[str]:
    """The addresses of the client's active admins (the breaker tells them it tripped)."""
    memberships = Membership.objects.filter(
        client=client, role=Role.ADMIN, is_active=True, user__is_active=True
    ).order_by("user__email")
    return list(memberships.values_list("user__email", flat=True))
