"""The page hosting API: page domains and the pages' storage (/lpDomainSetupPage; gates:
config/operation_gates.py)."""

from django.conf import settings
from django.http import HttpRequest
from ninja import Router, Status

from core.client_time import client_zone, in_zone
from core.messages import DOMAIN_RECORDS_MISSING, DOMAIN_TAKEN
from core.responses import ERRORS
from marketing.page_hosting import selectors
from marketing.page_hosting.models import PageDomain, PageDomainStatus, PageStorageKind
from marketing.page_hosting.records import RecordStatus, page_domain_records
from marketing.page_hosting.schemas import (
    PageDomainIn,
    PageDomainListOut,
    PageDomainOut,
    PageStorageIn,
    PageStorageOut,
)
from marketing.page_hosting.services import (
    page_domain_add,
    page_domain_delete,
    page_domain_verify,
    page_storage_choose,
)

router = Router(tags=["page hosting"])
_UNCHECKED = {"status": "unchecked", "error": "", "found": []}


def _error(domain: PageDomain) -> str:
    if domain.status != PageDomainStatus.FAILED:
        return ""
    states = domain.record_states.values()
    if states and all(state["status"] == RecordStatus.VERIFIED for state in states):
        return DOMAIN_TAKEN  # right records, but another client verified the name first
    return DOMAIN_RECORDS_MISSING


def _domain_out(domain: PageDomain, zone) -> dict:
    records = page_domain_records(domain.name, domain.verification_token)
    return {
        "id": domain.pk,
        "name": domain.name,
        "status": domain.status,
        "error": _error(domain),
        "records": [
            {
                "key": r.key,
                "type": r.type,
                "host": r.host,
                "value": r.value,
                **domain.record_states.get(r.key, _UNCHECKED),
            }
            for r in records
        ],
        "checked_at": in_zone(domain.checked_at, zone),
        "verified_at": in_zone(domain.verified_at, zone),
    }


@router.get("/mm/page-domains", response={200: PageDomainListOut, **ERRORS}, by_alias=True)
def pageDomainList(request: HttpRequest):
    """The client's page domains with the records each publishes."""
    zone = client_zone()
    return {
        "items": [_domain_out(d, zone) for d in selectors.page_domain_list()],
        "cname_target": settings.PAGES_HOST,
    }


@router.post("/mm/page-domains", response={201: PageDomainOut, **ERRORS}, by_alias=True)
def pageDomainAdd(request: HttpRequest, data: PageDomainIn):
    """Adds a domain, pending; the answer lists the records to publish."""
    return Status(201, _domain_out(page_domain_add(name=data.name), client_zone()))


@router.post(
    "/mm/page-domains/{int:domain_id}/verify",
    response={200: PageDomainOut, **ERRORS},
    by_alias=True,
)
def pageDomainVerify(request: HttpRequest, domain_id: int):
    """Looks its records up in DNS: verified (serving) or failed, each record's state kept."""
    domain = page_domain_verify(domain=selectors.page_domain_get(domain_id=domain_id))
    return _domain_out(domain, client_zone())


@router.delete("/mm/page-domains/{int:domain_id}", response={204: None, **ERRORS})
def pageDomainDelete(request: HttpRequest, domain_id: int):
    page_domain_delete(domain=selectors.page_domain_get(domain_id=domain_id))
    return Status(204, None)


def _storage_out() -> dict:
    choice = selectors.page_storage_choice()
    return {
        "kind": choice.kind if choice else PageStorageKind.LOCAL,
        "chosen": choice is not None,
        "chosen_at": in_zone(choice.chosen_at, client_zone()) if choice else None,
        "kinds": selectors.page_storage_kinds(),
    }


@router.get("/mm/page-storage", response={200: PageStorageOut, **ERRORS}, by_alias=True)
def pageStorageGet(request: HttpRequest):
    """Where published pages are stored, and whether the once-only choice is made."""
    return _storage_out()


@router.post("/mm/page-storage", response={200: PageStorageOut, **ERRORS}, by_alias=True)
def pageStorageChoose(request: HttpRequest, data: PageStorageIn):
    """The choice, once and for good (spec 9); a second one is refused."""
    page_storage_choose(kind=data.kind)
    return _storage_out()
