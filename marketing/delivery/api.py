"""The delivery API (gates: config/operation_gates.py): the opt-out and preferences
pages' calls, public (a recipient has no sign-in; the token of their message is the
credential), and the client's update-preferences settings."""

from django.conf import settings
from django.http import HttpRequest
from ninja import Query, Router, Status

from core.client_time import client_zone, in_zone
from core.pagination import paginate
from core.responses import ERRORS, ErrorOut
from marketing.audience.selectors.profiles import profile_get
from marketing.delivery.schemas import (
    DeliveryPaceIn,
    DeliveryPaceListOut,
    DeliveryPaceOut,
    OptOutIn,
    OptOutOut,
    OptOutQuery,
    PreferencesIn,
    PreferencesOut,
    PreferencesQuery,
    ProfileBounceListOut,
    SendingHealthOut,
    SendingTransportIn,
    SendingTransportPageOut,
    SendingTransportQuery,
    SendingTransportSavedOut,
    UpdatePreferencesIn,
    UpdatePreferencesListOut,
    UpdatePreferencesOut,
)
from marketing.delivery.selectors import profile_bounces
from marketing.delivery.services import breaker, monthly, paces, preferences, transports, warmup
from marketing.delivery.services.opt_out import OPT_OUT_PAGE_SOURCE, opt_out, opt_out_target

router = Router(tags=["delivery"])


@router.get("/external/optOut", auth=None, response={200: OptOutOut, 400: ErrorOut}, by_alias=True)
def optOutGet(request: HttpRequest, query: Query[OptOutQuery]):
    """Whom the opt-out page is for (changes nothing)."""
    return opt_out_target(query.token)


@router.post("/external/optOut", auth=None, response={200: OptOutOut, 400: ErrorOut}, by_alias=True)
def optOutConfirm(request: HttpRequest, body: OptOutIn):
    """The person confirmed on the opt-out page: unsubscribe them."""
    return opt_out(body.token, source=OPT_OUT_PAGE_SOURCE)


@router.get(
    "/external/preferences", auth=None, response={200: PreferencesOut, 400: ErrorOut}, by_alias=True
)
def preferencesGet(request: HttpRequest, query: Query[PreferencesQuery]):
    """What the update-preferences page shows the person (changes nothing)."""
    return preferences.preferences_for(query.token)


@router.post(
    "/external/preferences", auth=None, response={200: PreferencesOut, 400: ErrorOut}, by_alias=True
)
def preferencesSave(request: HttpRequest, body: PreferencesIn):
    """The person saved the page: their groups, or unsubscribe from all."""
    return preferences.preferences_save(
        body.token, group_ids=body.group_ids, unsubscribe_all=body.unsubscribe_all
    )


@router.get(
    "/mm/updatePreferences", response={200: UpdatePreferencesListOut, **ERRORS}, by_alias=True
)
def updatePreferencesList(request: HttpRequest):
    return {"items": list(preferences.update_preferences_list().prefetch_related("groups"))}


@router.get(
    "/mm/updatePreferences/{int:up_id}",
    response={200: UpdatePreferencesOut, **ERRORS},
    by_alias=True,
)
def updatePreferencesGet(request: HttpRequest, up_id: int):
    return preferences.update_preferences_get(page_id=up_id)


@router.put(
    "/mm/updatePreferences/{int:up_id}",
    response={200: UpdatePreferencesOut, **ERRORS},
    by_alias=True,
)
def updatePreferencesUpdate(request: HttpRequest, up_id: int, body: UpdatePreferencesIn):
    return preferences.update_preferences_update(
        page=preferences.update_preferences_get(page_id=up_id),
        name=body.name,
        heading=body.heading,
        intro=body.intro,
        group_ids=body.group_ids,
        offer_unsubscribe_all=body.offer_unsubscribe_all,
    )


# --- sending transports (admins: config/operation_gates.py) ----------------------------


def _transport_out(row, secret: str = "") -> dict:
    return {
        "id": row.pk,
        "sender_domain": row.sender_domain,
        "kind": row.kind,
        "credential_names": transports.credential_names(row),
        "webhook_url": transports.webhook_url(row),
        "webhook_url_with_password": transports.webhook_url(row, secret) if secret else "",
        "updated_at": row.updated_at,
    }


@router.get(
    "/mm/sendingTransports", response={200: SendingTransportPageOut, **ERRORS}, by_alias=True
)
def sendingTransportList(request: HttpRequest, query: Query[SendingTransportQuery]):
    """How the client's mail leaves, per sender domain (no row: the platform's relay):
    searched by domain, sorted, paged."""
    rows = transports.transports_list(search=query.search, sort=query.sort)
    page = paginate(rows, page=query.page, page_size=query.pageSize)
    page["items"] = [_transport_out(row) for row in page["items"]]
    return page


@router.put(
    "/mm/sendingTransports", response={200: SendingTransportSavedOut, **ERRORS}, by_alias=True
)
def sendingTransportSet(request: HttpRequest, body: SendingTransportIn):
    """Choose the SMTP relay or an ESP account for a sender domain ("" for the default)."""
    saved = transports.transport_set(
        kind=body.kind, credentials=body.credentials, sender_domain=body.sender_domain
    )
    return _transport_out(saved.transport, saved.webhook_secret)


@router.delete(
    "/mm/sendingTransports/{int:transport_id}", response={204: None, **ERRORS}, by_alias=True
)
def sendingTransportDelete(request: HttpRequest, transport_id: int):
    transports.transport_delete_by_id(transport_id=transport_id)
    return Status(204, None)


# --- delivery rates and the breaker (admins: config/operation_gates.py) ----------------
def _pace_out(pace) -> dict:
    return {
        "id": pace.pk,
        "kind": pace.kind,
        "domain": pace.domain,
        "per_minute": pace.per_minute,
        "default_per_minute": paces.pace_default(pace.kind, pace.domain),
        "updated_at": pace.updated_at,
    }


@router.get("/mm/deliveryPaces", response={200: DeliveryPaceListOut, **ERRORS}, by_alias=True)
def deliveryPaceList(request: HttpRequest):
    """The client's own rates per sending or receiving domain (messages per minute)."""
    return {"items": [_pace_out(pace) for pace in paces.paces_list()]}


@router.put("/mm/deliveryPaces", response={200: DeliveryPaceOut, **ERRORS}, by_alias=True)
def deliveryPaceSet(request: HttpRequest, body: DeliveryPaceIn):
    return _pace_out(paces.pace_set(kind=body.kind, domain=body.domain, per_minute=body.per_minute))


@router.delete("/mm/deliveryPaces/{int:pace_id}", response={204: None, **ERRORS}, by_alias=True)
def deliveryPaceDelete(request: HttpRequest, pace_id: int):
    paces.pace_delete_by_id(pace_id=pace_id)
    return Status(204, None)


def _month_out(allowance) -> dict:
    return {
        "month": allowance.month.label,
        "starts_at": allowance.month.start,
        "used": allowance.used,
        "limit": allowance.limit,
    }


def _warmup_out(row) -> dict:
    return {
        "domain": row.domain,
        "day_number": row.day_number,
        "days": settings.DELIVERY_WARMUP_DAYS,
        "allowance": row.allowance,
        "used": row.allowance - row.remaining(),
        "next_day_at": row.next_day_at,
    }


def _health_out(health) -> dict:
    window = breaker.window_count(health)
    this_month, next_month = monthly.allowances_now()
    return {
        "stopped": health.tripped_at is not None,
        "reason": health.reason,
        "tripped_at": health.tripped_at,
        "resumed_at": health.resumed_at,
        "resumed_by": health.resumed_by,
        "window_since": window.since,
        "sent": window.sent,
        "hard_bounces": window.hard_bounces,
        "complaints": window.complaints,
        "min_sent": settings.DELIVERY_BREAKER_MIN_SENT,
        "complaint_rate_limit": settings.DELIVERY_BREAKER_COMPLAINT_RATE,
        "hard_bounce_rate_limit": settings.DELIVERY_BREAKER_HARD_BOUNCE_RATE,
        "admins_alerted": health.tripped_at is not None
        and health.alerted_trip_at == health.tripped_at,
        "this_month": _month_out(this_month),
        "next_month": _month_out(next_month),
        "warmups": [_warmup_out(row) for row in warmup.warmups_now()],
    }


@router.get("/mm/sendingHealth", response={200: SendingHealthOut, **ERRORS}, by_alias=True)
def sendingHealthGet(request: HttpRequest):
    """Whether the breaker stopped the client's sending, why, and the current figures;
    the monthly send allowance of this month and next, and the warm-up of new sending
    domains."""
    return _health_out(breaker.health_read())


@router.post("/mm/sendingHealth/resume", response={200: SendingHealthOut, **ERRORS}, by_alias=True)
def sendingHealthResume(request: HttpRequest):
    """Resume sending once the cause is dealt with (campaigns are resumed one by one)."""
    return _health_out(breaker.breaker_resume(email=request.user.email))


@router.get(
    "/mm/profiles/{int:profile_id}/bounces",
    response={200: ProfileBounceListOut, **ERRORS},
    by_alias=True,
)
def profileBounceList(request: HttpRequest, profile_id: int):
    """The profile's latest bounces and complaints, each with its reason (its history),
    instants in the client's zone."""
    profile = profile_get(profile_id=profile_id)  # 404 in the catalogue's words
    zone = client_zone()
    items = profile_bounces(profile.pk)
    return {"items": [{**item, "at": in_zone(item["at"], zone)} for item in items]}
