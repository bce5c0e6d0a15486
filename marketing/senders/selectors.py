"""Reads of senders and domains; what a send asks before it goes out.

`sender_for_send` is the one answer to "who does this mail come from": the campaign's
sender (else the client's default sender), or, with Rep as Sender, the recipient's rep
when the rep is usable. A rep that is disabled, unassigned or invalid (an address that is
neither a confirmed sender nor at a verified sender domain, or a disabled sender) falls
back to that sender (spec 6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Lower
from django_tenants.utils import schema_context

from core.errors import NotFound
from marketing.audience.selectors.reps import rep_display_name, reps_by_id
from marketing.senders import messages
from marketing.senders.models import DomainStatus, Sender, SenderDomain, TrackingDomain

SENDER_SORT_CHOICES = {
    "name": (Lower("name").asc(), "id"),
    "-name": (Lower("name").desc(), "-id"),
    "email": ("email", "id"),
    "-email": ("-email", "-id"),
    "created": ("created_at", "id"),
    "-created": ("-created_at", "-id"),
}
TRACKING_CACHE_KEY = "senders:tracking-domain"
TRACKING_CACHE_SECONDS = 60


@dataclass(frozen=True)
class EffectiveSender:
    """What a message carries in From and Reply-To, and why it may not go out."""

    sender_id: int | None  # None: a rep's own address at a verified domain
    name: str
    email: str
    reply_to: str
    from_rep: bool
    # '' when the sender may send; else spec 8's reason (not verified, not whitelisted,
    # SPF or DKIM not found or invalid).
    problem: str

    @property
    def verified(self) -> bool:
        return not self.problem


def email_domain(email: str) -> str:
    """The domain part of an address, lower case, as an IDNA A-label when it can be."""
    domain = email.rpartition("@")[2].strip().lower().rstrip(".")
    try:
        return domain.encode("idna").decode("ascii")
    except UnicodeError:
        return domain


def domain_statuses(names: set[str]) -> dict[str, str]:
    """Status of each of these names that is one of the client's sender domains."""
    if not names:
        return {}
    rows = SenderDomain.objects.filter(name__in=names).values_list("name", "status")
    return dict(rows)


def sender_problem(sender: Sender, statuses: dict[str, str] | None = None) -> str:
    """Why this sender may not send now ('' when it may): its address must be confirmed
    and the sender enabled, its domain added (whitelisted) and verified in DNS."""
    if not sender.is_enabled or sender.verified_at is None:
        return messages.SENDER_NOT_VERIFIED
    if statuses is None:
        statuses = domain_statuses({sender.domain})
    status = statuses.get(sender.domain)
    if status is None:
        return messages.DOMAIN_NOT_WHITELISTED
    if status != DomainStatus.VERIFIED:
        return messages.SPF_DKIM_INVALID
    return ""


def _effective(sender: Sender, statuses: dict[str, str] | None = None) -> EffectiveSender:
    return EffectiveSender(
        sender_id=sender.pk,
        name=sender.name,
        email=sender.email,
        reply_to=sender.reply_to,
        from_rep=False,
        problem=sender_problem(sender, statuses),
    )


def _rep(rep: Any) -> Any:
    if rep is None or not isinstance(rep, int):
        return rep
    found = reps_by_id([rep])
    return found[0] if found else None


def _rep_sender(rep: Any, senders_by_email: dict[str, Sender], statuses: dict[str, str]):
    """The rep's own address when it may send, else None (invalid)."""
    email = (rep.email or "").strip().lower()
    if not rep.is_active or "@" not in email:
        return None
    own = senders_by_email.get(email)
    if own is not None:
        effective = _effective(own, statuses)
        return (
            EffectiveSender(
                sender_id=own.pk,
                name=own.name,
                email=own.email,
                reply_to=own.reply_to,
                from_rep=True,
                problem="",
            )
            if effective.verified
            else None
        )
    if statuses.get(email_domain(email)) != DomainStatus.VERIFIED:
        return None
    return EffectiveSender(
        sender_id=None,
        name=rep_display_name(rep)[:50],
        email=email,
        reply_to="",
        from_rep=True,
        problem="",
    )


def sender_for_send(
    sender_id: int | None = None, rep: Any = None, *, rep_as_sender: bool = False
) -> EffectiveSender | None:
    """The sender a message goes out from. `sender_id` None means the client's default
    sender. With `rep_as_sender` (implied by a rep), a usable rep wins; a disabled,
    unassigned (`rep=None`) or invalid one falls back to that sender. None when there is
    no such sender (an unknown id, or no default): the mail cannot be sent."""
    if rep is not None or rep_as_sender:
        rep_obj = _rep(rep)
        if rep_obj is not None:
            answers = senders_for_reps([rep_obj.pk], sender_id=sender_id)
            return answers.get(rep_obj.pk)
    fallback = _fallback(sender_id)
    return _effective(fallback) if fallback is not None else None


def _fallback(sender_id: int | None) -> Sender | None:
    if sender_id is not None:
        return Sender.objects.filter(pk=sender_id).first()
    return Sender.objects.filter(is_default=True).first()


def senders_for_reps(
    rep_ids: list[int], *, sender_id: int | None = None
) -> dict[int, EffectiveSender | None]:
    """`sender_for_send` for many reps at once (Rep as Sender over a whole audience): rep
    id -> effective sender, in a fixed number of queries."""
    reps = reps_by_id(rep_ids)
    emails = {(r.email or "").strip().lower() for r in reps}
    senders_by_email = {s.email.lower(): s for s in Sender.objects.filter(email__in=emails)}
    fallback = _fallback(sender_id)
    names = {email_domain(e) for e in emails if "@" in e}
    names |= {s.domain for s in senders_by_email.values()}
    if fallback is not None:
        names.add(fallback.domain)
    statuses = domain_statuses(names)
    default = _effective(fallback, statuses) if fallback is not None else None
    answers: dict[int, EffectiveSender | None] = {rep_id: default for rep_id in rep_ids}
    for rep in reps:
        answers[rep.pk] = _rep_sender(rep, senders_by_email, statuses) or default
    return answers


def sender_by_email(email: str) -> Sender | None:
    """The client's sender of this address (whatever its case), or None."""
    return Sender.objects.filter(email__iexact=email.strip()).first()


def sender_verified(sender_id: int | None = None, *, email: str | None = None) -> bool:
    """Whether this sender (by id, else by address; neither: the default sender) may send:
    confirmed, enabled, its domain whitelisted and verified."""
    if email is not None:
        sender = Sender.objects.filter(email__iexact=email.strip()).first()
    else:
        sender = _fallback(sender_id)
    return sender is not None and not sender_problem(sender)


def sender_states(senders: list[Sender]) -> list[tuple[str, str]]:
    """(status, problem) of each sender for the /senderList badges, in one query."""
    statuses = domain_statuses({s.domain for s in senders})
    answers = []
    for sender in senders:
        problem = sender_problem(sender, statuses)
        if not sender.is_enabled:
            status = "disabled"
        elif sender.verified_at is None:
            status = "pendingActivation"
        elif problem == messages.DOMAIN_NOT_WHITELISTED:
            status = "domainNotWhitelisted"
        elif problem:
            status = "domainNotVerified"
        else:
            status = "verified"
        answers.append((status, problem))
    return answers


def sender_ready_exists() -> bool:
    """Whether one sender may send: confirmed, enabled, its domain whitelisted and verified
    (the getting-started list's "verify a sender and domain")."""
    senders = list(Sender.objects.filter(is_enabled=True, verified_at__isnull=False))
    return any(status == "verified" for status, _ in sender_states(senders))


def sender_counts_by_domain() -> dict[str, int]:
    rows = Sender.objects.values("domain").annotate(n=Count("id")).values_list("domain", "n")
    return dict(rows)


def senders_count() -> int:
    """Usage of the Senders plan limit (spec 6)."""
    return Sender.objects.count()


def sender_get(*, sender_id: int) -> Sender:
    sender = Sender.objects.filter(pk=sender_id).first()
    if sender is None:
        raise NotFound(messages.SENDER_NOT_FOUND)
    return sender


def sender_list(*, search: str = "", sort: str = "name") -> QuerySet[Sender]:
    """The /senderList table: name or email containing `search` (case-insensitive)."""
    senders = Sender.objects.all()
    if search:
        senders = senders.filter(Q(name__icontains=search) | Q(email__icontains=search))
    return senders.order_by(*SENDER_SORT_CHOICES.get(sort, SENDER_SORT_CHOICES["name"]))


def domain_get(*, domain_id: int) -> SenderDomain:
    domain = SenderDomain.objects.filter(pk=domain_id).first()
    if domain is None:
        raise NotFound(messages.DOMAIN_NOT_FOUND)
    return domain


def domain_list() -> QuerySet[SenderDomain]:
    return SenderDomain.objects.order_by("name")


def tracking_domain() -> TrackingDomain | None:
    """The client's tracking domain in use (verified), or None."""
    return TrackingDomain.objects.filter(verified_at__isnull=False).order_by("-created_at").first()


def tracking_domain_pending() -> TrackingDomain | None:
    """A tracking domain waiting for its records (its token to publish), or None."""
    return TrackingDomain.objects.filter(verified_at__isnull=True).order_by("-created_at").first()


def tracking_domain_verified(schema: object | None = None) -> str | None:
    """The client's tracking domain in use (verified by its CNAME and TXT records), or
    None: links then use the client's own host. `schema` is a schema name or a
    client; None is the current schema. Cached per client for a minute (the key carries
    the schema); saving or deleting one clears it."""
    name = getattr(schema, "schema_name", schema) or connection.schema_name
    if name != connection.schema_name:
        with schema_context(name):
            return tracking_domain_verified()
    found = cache.get(TRACKING_CACHE_KEY)
    if found is None:
        row = tracking_domain()
        found = row.name if row is not None else ""
        cache.set(TRACKING_CACHE_KEY, found, TRACKING_CACHE_SECONDS)
    return found or None


def sender_domain_verified_at(name: str):
    """When the client's sending domain `name` was verified, or None (not its domain, or
    not verified): delivery's warm-up counts the domain's days from it."""
    domain = (
        SenderDomain.objects.filter(name__iexact=name, status=DomainStatus.VERIFIED)
        .only("verified_at")
        .first()
    )
    return domain.verified_at if domain is not None else None


def sender_domains_verified_since(since) -> list[str]:
    """The client's sending domains verified at or after `since` (delivery lists their
    warm-up)."""
    rows = SenderDomain.objects.filter(status=DomainStatus.VERIFIED, verified_at__gte=since)
    return list(rows.values_list("name", flat=True))
