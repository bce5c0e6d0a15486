"""Resolve who is signed in, as one client sees them."""

from tenants.access import Member, access_list_for
from tenants.models import Client, Membership, Role, User


def member_for(*, user: User, client: Client) -> Member | None:
    """The person's role in `client`, or None when they do not belong to it."""
    if not user.is_active:
        return None
    if user.is_superadmin:
        role, has_mkm = Role.SUPERADMIN, True
    else:
        membership = Membership.objects.filter(user=user, client=client, is_active=True).first()
        if membership is None:
            return None
        role, has_mkm = Role(membership.role), membership.has_mkm_access
    return Member(
        user_id=user.pk,
        email=user.email,
        first_name=user.first_name,
        last_name=user.last_name,
        client_id=client.pk,
        role=role,
        has_mkm_access=has_mkm,
        access_list=access_list_for(client),
    )
