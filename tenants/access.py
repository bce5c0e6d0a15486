"""Who may do what. The same rules drive the front end's feature gate (spec 6) and every
API endpoint: an action type, an admin-only flag and a super-admin-only flag.

Reading of spec 6: "admin-only" hides content from the USER role (Admin and SuperAdmin
see it); entries marked super-admin are visible to SuperAdmin alone."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from core.errors import PermissionDenied
from tenants.messages import ACCESS_DENIED, NO_MKM_ACCESS
from tenants.models import Client, Role


class ActionType(StrEnum):
    DISCLAIMER_SECTION = "enableDisclaimerSection"
    OPT_OUTS = "enableOptOuts"
    DELETE_PROFILES = "deleteProfiles"
    EXPORT_PROFILES = "exportProfiles"
    MANAGE_PROFILE_FIELDS = "manageProfileFields"
    MANAGE_DOMAINS = "manageDomains"
    MANAGE_SENDERS = "manageSenders"


# Roles granted an action when its client has no rule of its own yet.
DEFAULT_ACTION_ROLES: dict[str, list[str]] = {
    ActionType.DISCLAIMER_SECTION: [Role.ADMIN],
    ActionType.OPT_OUTS: [Role.ADMIN],
    ActionType.DELETE_PROFILES: [Role.ADMIN],
    ActionType.EXPORT_PROFILES: [Role.ADMIN],
    ActionType.MANAGE_PROFILE_FIELDS: [Role.ADMIN],
    ActionType.MANAGE_DOMAINS: [Role.ADMIN],
    ActionType.MANAGE_SENDERS: [Role.ADMIN],
}


@dataclass(frozen=True)
class Member:
    """The signed-in person as seen by one client, resolved once per request."""

    user_id: int
    email: str
    first_name: str
    last_name: str
    client_id: int
    role: Role
    has_mkm_access: bool
    access_list: dict[str, list[str]] = field(default_factory=dict)

    @property
    def is_superadmin(self) -> bool:
        return self.role == Role.SUPERADMIN

    @property
    def is_admin(self) -> bool:
        return self.role in (Role.SUPERADMIN, Role.ADMIN)


def access_list_for(client: Client) -> dict[str, list[str]]:
    rules = dict(DEFAULT_ACTION_ROLES)
    rules.update({rule.action_type: list(rule.roles) for rule in client.access_rules.all()})
    return rules


def can(
    member: Member,
    *,
    action_type: str | None = None,
    admin_only: bool = False,
    superadmin_only: bool = False,
) -> bool:
    if member.role == Role.SUPERADMIN:
        return True
    if superadmin_only:
        return False
    if member.role == Role.ADMIN:
        return True
    if admin_only:
        return False
    if action_type is None:
        return True
    return Role.USER in member.access_list.get(action_type, [])


def authorize(
    member: Member,
    *,
    action_type: str | None = None,
    admin_only: bool = False,
    superadmin_only: bool = False,
    needs_mkm: bool = True,
) -> None:
    """Raise PermissionDenied unless `member` passes the gate."""
    if needs_mkm and not member.has_mkm_access:
        raise PermissionDenied(NO_MKM_ACCESS)
    if not can(
        member, action_type=action_type, admin_only=admin_only, superadmin_only=superadmin_only
    ):
        raise PermissionDenied(ACCESS_DENIED)


@dataclass(frozen=True)
class Gate:
    """What an API operation needs (config/operation_gates.py names one per operation).

    `public`: no sign-in at all. `by_choice`: the action type depends on a choice in the
    request (a bulk action, an import kind); the operation's handler applies it with
    `authorize_choice` once it knows the choice."""

    action_type: str | None = None
    admin_only: bool = False
    superadmin_only: bool = False
    needs_mkm: bool = True
    public: bool = False
    by_choice: Mapping[str, str] = field(default_factory=dict)


def authorize_gate(member: Member, gate: Gate) -> None:
    authorize(
        member,
        action_type=gate.action_type,
        admin_only=gate.admin_only,
        superadmin_only=gate.superadmin_only,
        needs_mkm=gate.needs_mkm,
    )


def authorize_choice(member: Member, gate: Gate, choice: str) -> None:
    """The part of a gate that depends on what the request chose."""
    action_type = gate.by_choice.get(choice)
    if action_type is not None:
        authorize(member, action_type=action_type)


def authorize_owner_or_admin(member: Member, *, owner_id: int | None) -> None:
    """Things a person started (jobs, their files): theirs, or any admin's."""
    if not member.is_admin and owner_id != member.user_id:
        raise PermissionDenied(ACCESS_DENIED)
