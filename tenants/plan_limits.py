"""Plan limits (spec 6). Each module that is limited registers a usage counter from its
own app; the check runs at the moment of the write that would exceed the limit, under a
transaction-scoped advisory lock so two concurrent writes cannot both slip under it."""

from collections.abc import Callable
from enum import StrEnum

from django.db import connection

from core.errors import PermissionDenied
from tenants.messages import LIMIT_EXCEEDS
from tenants.models import Client, SiteType


class Module(StrEnum):
    CAMPAIGNS = "Campaigns"
    SENT_CAMPAIGNS = "SentCampaigns"
    PUBLISHED_CAMPAIGNS = "PublishedCampaigns"
    FORMS = "Forms"
    LANDING_PAGES = "LandingPages"
    LANDING_PAGE_DOMAINS = "LandingPageDomains"
    WORKFLOWS = "Workflows"
    SENDERS = "Senders"
    CONTACTS = "Contacts"
    INCOMING_WEBHOOK = "IncomingWebhook"
    OUTGOING_WEBHOOK = "OutgoingWebhook"


class LimitStatus(StrEnum):
    OVER = "OverLimit"
    UNDER = "UnderLimit"


UsageCounter = Callable[[], int]
_usage_counters: dict[Module, UsageCounter] = {}


def register_usage_counter(module: Module, counter: UsageCounter) -> None:
    """Called from an app's ready(): `counter()` counts usage in the current client schema."""
    _usage_counters[module] = counter


def usage_for(module: Module) -> int:
    counter = _usage_counters.get(module)
    return counter() if counter else 0


def limit_for(client: Client, module: Module) -> int | None:
    if client.plan is None:
        return None
    value = client.plan.limits.get(module.value)
    return int(value) if value is not None else None


def plan_limit_status(*, client: Client, module: Module, adding: int = 1) -> LimitStatus:
    if client.site_type == SiteType.STANDALONECRM:
        return LimitStatus.UNDER
    limit = limit_for(client, module)
    if limit is None:
        return LimitStatus.UNDER
    return LimitStatus.OVER if usage_for(module) + adding > limit else LimitStatus.UNDER


def plan_limit_enforce(*, client: Client, module: Module, adding: int = 1) -> None:
    """Call inside the transaction that performs the write; raises 'Limit Exceeds'."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtext(%s))", [f"plan:{client.schema_name}:{module}"]
        )
    if plan_limit_status(client=client, module=module, adding=adding) == LimitStatus.OVER:
        raise PermissionDenied(LIMIT_EXCEEDS)
