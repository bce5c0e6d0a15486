"""Reads of the public schema: the status answer that drives the front end's startup."""

import base64
import json
import zoneinfo
from datetime import datetime

from django.utils import timezone

from tenants.access import Member
from tenants.models import Client, Domain, PageHost

SHOW_SETUP = "showSetup"
EASTERN = zoneinfo.ZoneInfo("America/New_York")


def _offset_minutes(tz: zoneinfo.ZoneInfo, at: datetime) -> int:
    return int(at.astimezone(tz).utcoffset().total_seconds() // 60)


def access_control_encode(member: Member) -> str:
    """Spec 3 'Access control (decoded)', as base64url (no padding) of UTF-8 JSON."""
    decoded = {
        "userHasMKMAccess": member.has_mkm_access,
        "accessControlList": [
            {"actionType": action, "users": roles}
            for action, roles in sorted(member.access_list.items())
        ],
        "userRole": member.role.value,
    }
    raw = json.dumps(decoded, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def client_status(
    *, client: Client, member: Member, token: str, now: datetime | None = None
) -> dict:
    """timeZoneMinutes: the client's current offset from UTC; estDateOffset: the client's
    local time minus US Eastern time, in minutes (both follow daylight saving)."""
    now = now or timezone.now()
    client_offset = _offset_minutes(zoneinfo.ZoneInfo(client.time_zone), now)
    return {
        "status": "success",
        "navigate": "" if client.setup_complete else SHOW_SETUP,
        "message": "",
        "timeZoneMinutes": client_offset,
        "estDateOffset": client_offset - _offset_minutes(EASTERN, now),
        "accessControl": access_control_encode(member),
        "subscriptionsEnabled": client.subscriptions_enabled,
        "repNotificationsOnly": client.rep_notifications_only,
        "token": token,
        "parentOrigins": list(client.parent_origins),
        "user": {
            "email": member.email,
            "firstName": member.first_name,
            "lastName": member.last_name,
            "role": member.role.value,
        },
        "client": {
            "name": client.name,
            "siteType": client.site_type,
            "timeZone": client.time_zone,
        },
    }


def host_taken(*, host: str, client: Client) -> bool:
    """Whether `host` serves someone else: a host name of any client or of the platform (an
    app host, a tracking domain), or another client's page domain."""
    host = host.lower()
    return (
        Domain.objects.filter(domain=host).exists()
        or PageHost.objects.filter(host=host).exclude(client=client).exists()
    )
