"""The senders and domains API (gates: config/operation_gates.py)."""

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS, ErrorOut
from marketing.senders import messages, selectors
from marketing.senders.dns_records import tracking_records
from marketing.senders.schemas import (
    SenderActivationIn,
    SenderActivationOut,
    SenderActivationQuery,
    SenderDomainIn,
    SenderDomainListOut,
    SenderDomainOut,
    SenderIn,
    SenderMessageOut,
    SenderOut,
    SenderPageOut,
    SenderPatch,
    SenderQuery,
    TrackingDomainIn,
    TrackingDomainOut,
)
from marketing.senders.services.activation import (
    activation_check,
    activation_confirm,
    activation_resend,
)
from marketing.senders.services.dkim_rollover import (
    domain_dkim_rollover_finish,
    domain_dkim_rollover_start,
)
from marketing.senders.services.domains import (
    domain_add,
    domain_delete,
    domain_records,
    domain_verify,
)
from marketing.senders.services.senders import sender_create, sender_delete, sender_update
from marketing.senders.services.tracking_domains import (
    tracking_domain_delete,
    tracking_domain_save,
)

router = Router(tags=["senders"])


def _senders_out(senders: list) -> list:
    for sender, status in zip(senders, selectors.sender_states(senders), strict=True):
        sender.status, sender.problem = status
    return senders


def _domain_out(domain, counts: dict[str, int]):
    states = domain.record_states or {}
    unchecked = {"status": "unchecked", "error": "", "found": []}
    records = domain_records(domain)
    domain.records = [
        {**record.__dict__, **states.get(record.key, unchecked)} for record in records
    ]
    domain.senders = counts.get(domain.name, 0)
    domain.dkim_rollover = any(
        not record.required for record in records if record.key.startswith("dkim:")
    )
    return domain


@router.get("/mm/senders", response={200: SenderPageOut, **ERRORS}, by_alias=True)
def senderList(request: HttpRequest, query: Query[SenderQuery]):
    """The /senderList table: searched, sorted, paged."""
    senders = selectors.sender_list(search=query.search.strip(), sort=query.sort)
    page = paginate(senders, page=query.page, page_size=query.pageSize)
    page["items"] = _senders_out(page["items"])
    return page


@router.post("/mm/senders", response={201: SenderOut, **ERRORS}, by_alias=True)
def senderCreate(request: HttpRequest, data: SenderIn):
    """Adds a sender and mails its activation link."""
    sender = sender_create(
        name=data.name, email=data.email, reply_to=data.reply_to, is_default=data.is_default
    )
    return Status(201, _senders_out([sender])[0])


@router.patch("/mm/senders/{int:sender_id}", response={200: SenderOut, **ERRORS}, by_alias=True)
def senderUpdate(request: HttpRequest, sender_id: int, data: SenderPatch):
    sender = sender_update(
        sender=selectors.sender_get(sender_id=sender_id), **data.model_dump(exclude_unset=True)
    )
    return _senders_out([sender])[0]


@router.delete("/mm/senders/{int:sender_id}", response={204: None, **ERRORS})
def senderDelete(request: HttpRequest, sender_id: int):
    sender_delete(sender=selectors.sender_get(sender_id=sender_id))
    return Status(204, None)


@router.post(
    "/mm/senders/{int:sender_id}/activation",
    response={200: SenderMessageOut, **ERRORS},
    by_alias=True,
)
def senderActivationResend(request: HttpRequest, sender_id: int):
    """Resend verification: a new link, the older ones dead."""
    sender = activation_resend(sender=selectors.sender_get(sender_id=sender_id))
    return {"message": messages.SENDER_ACTIVATION_SENT.format(email=sender.email)}


def _activation_out(sender) -> dict:
    return {
        "name": sender.name,
        "email": sender.email,
        "client_name": connection.tenant.name,
        "verified": sender.verified_at is not None,
    }


@router.get(
    "/external/senderActivation",
    auth=None,
    response={200: SenderActivationOut, 400: ErrorOut},
    by_alias=True,
)
def senderActivationGet(request: HttpRequest, query: Query[SenderActivationQuery]):
    """Whom an activation link is for (changes nothing)."""
    return _activation_out(activation_check(token=query.token))


@router.post(
    "/external/senderActivation",
    auth=None,
    response={200: SenderActivationOut, 400: ErrorOut},
    by_alias=True,
)
def senderActivationConfirm(request: HttpRequest, data: SenderActivationIn):
    """The owner of the address pressed Confirm."""
    return _activation_out(activation_confirm(token=data.token))


@router.get("/mm/sender-domains", response={200: SenderDomainListOut, **ERRORS}, by_alias=True)
def senderDomainList(request: HttpRequest):
    """The client's sender domains with their records, and the tracking domain."""
    counts = selectors.sender_counts_by_domain()
    return {
        "items": [_domain_out(d, counts) for d in selectors.domain_list()],
        "tracking_cname_target": settings.TRACKING_CNAME_TARGET,
        "tracking_domain": selectors.tracking_domain_verified(),
        "tracking_pending": _tracking_pending(),
    }


@router.post("/mm/sender-domains", response={201: SenderDomainOut, **ERRORS}, by_alias=True)
def senderDomainAdd(request: HttpRequest, data: SenderDomainIn):
    """Adds a domain and makes its DKIM keys; the answer lists the records to publish."""
    domain = domain_add(name=data.name)
    return Status(201, _domain_out(domain, {}))


@router.post(
    "/mm/sender-domains/{int:domain_id}/verify",
    response={200: SenderDomainOut, **ERRORS},
    by_alias=True,
)
def senderDomainVerify(request: HttpRequest, domain_id: int):
    """Verify or re-verify: every record looked up in DNS."""
    domain = domain_verify(domain=selectors.domain_get(domain_id=domain_id))
    return _domain_out(domain, selectors.sender_counts_by_domain())


@router.post(
    "/mm/sender-domains/{int:domain_id}/dkim-rollover",
    response={200: SenderDomainOut, **ERRORS},
    by_alias=True,
)
def senderDomainDkimRolloverStart(request: HttpRequest, domain_id: int):
    """New DKIM keys to publish beside the current ones (a second call changes nothing)."""
    domain = domain_dkim_rollover_start(domain=selectors.domain_get(domain_id=domain_id))
    return _domain_out(domain, selectors.sender_counts_by_domain())


@router.post(
    "/mm/sender-domains/{int:domain_id}/dkim-rollover/activate",
    response={200: SenderDomainOut, **ERRORS},
    by_alias=True,
)
def senderDomainDkimRolloverActivate(request: HttpRequest, domain_id: int):
    """The new keys sign once their records are found in DNS; the old ones are retired."""
    domain = domain_dkim_rollover_finish(domain=selectors.domain_get(domain_id=domain_id))
    return _domain_out(domain, selectors.sender_counts_by_domain())


@router.delete("/mm/sender-domains/{int:domain_id}", response={204: None, **ERRORS})
def senderDomainDelete(request: HttpRequest, domain_id: int):
    domain_delete(domain=selectors.domain_get(domain_id=domain_id))
    return Status(204, None)


def _tracking_pending() -> dict | None:
    row = selectors.tracking_domain_pending()
    if row is None:
        return None
    _cname, txt = tracking_records(row.name, row.verification_token)
    return {"name": row.name, "txt_host": txt.host, "txt_value": txt.value}


def _tracking_out() -> dict:
    row = selectors.tracking_domain()
    return {
        "name": row.name if row else None,
        "cname_target": settings.TRACKING_CNAME_TARGET,
        "checked_at": row.checked_at if row else None,
        "pending": _tracking_pending(),
    }


@router.get("/mm/tracking-domain", response={200: TrackingDomainOut, **ERRORS}, by_alias=True)
def trackingDomainGet(request: HttpRequest):
    return _tracking_out()


@router.put("/mm/tracking-domain", response={200: TrackingDomainOut, **ERRORS}, by_alias=True)
def trackingDomainSave(request: HttpRequest, data: TrackingDomainIn):
    """In use only once its CNAME and TXT verification records are published; until then
    the answer's `pending` names the TXT record to publish."""
    tracking_domain_save(name=data.name)
    return _tracking_out()


@router.delete("/mm/tracking-domain", response={204: None, **ERRORS})
def trackingDomainDelete(request: HttpRequest):
    tracking_domain_delete()
    return Status(204, None)
