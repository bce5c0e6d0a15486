"""Campaign headers and footers. Rules: a name is required (spec 5.4), at most NAME_MAX
characters, unique among headers (or footers) whatever its case; the HTML is made
email-safe on save and kept as a fragment (a campaign sets it into its own body); a
footer's background and font colours are #rrggbb and must differ (spec 5.2); at most one
footer is the default (making one default unmakes the other). Every change records its
audit row in its own transaction."""

import re

from django.db import transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from marketing.content import messages
from marketing.content.email_html import email_html_clean
from marketing.content.models import CampaignFooter, CampaignHeader
from marketing.content.services.names import (
    NAME_MAX,
    author,
    editor,
    name_clean,
    refused,
    unique_save,
)
from marketing.content.services.templates import HTML_MAX_BYTES
from tenants.access import Member

_COLOUR = re.compile(r"#[0-9a-f]{6}")


def _html(value: str) -> str:
    if len(value.encode()) > HTML_MAX_BYTES:
        raise refused("html", messages.HTML_TOO_LARGE.format(mb=HTML_MAX_BYTES // 2**20))
    return email_html_clean(value, fragment=True)


def _colour(value: str, field: str) -> str:
    colour = value.strip().lower()
    if len(colour) == 4 and colour.startswith("#"):  # #abc -> #aabbcc
        colour = "#" + "".join(c * 2 for c in colour[1:])
    if not _COLOUR.fullmatch(colour):
        raise refused(field, messages.COLOUR_INVALID)
    return colour


def _name_taken(model, name: str, exclude: int | None) -> bool:
    return model.objects.filter(name__iexact=name).exclude(pk=exclude).exists()


def header_create(*, member: Member | None, name: str, html: str = "") -> CampaignHeader:
    name = name_clean(name, required=messages.HEADER_NAME_REQUIRED, limit=NAME_MAX)
    if _name_taken(CampaignHeader, name, None):
        raise refused("name", messages.HEADER_NAME_TAKEN)
    header = CampaignHeader(name=name, html=_html(html), **author(member), **editor(member))
    with transaction.atomic():
        unique_save(header, taken=messages.HEADER_NAME_TAKEN)
        audit_record(AuditEvent.CAMPAIGN_HEADER_CREATED, object_id=header.pk, label=header.name)
    return header


def header_update(
    *, header: CampaignHeader, member: Member | None, name: str | None = None, html=None
) -> CampaignHeader:
    changes = {}
    if name is not None:
        changes["name"] = name_clean(name, required=messages.HEADER_NAME_REQUIRED, limit=NAME_MAX)
        if _name_taken(CampaignHeader, changes["name"], header.pk):
            raise refused("name", messages.HEADER_NAME_TAKEN)
    if html is not None:
        changes["html"] = _html(html)
    return _update(
        header, member, changes, AuditEvent.CAMPAIGN_HEADER_UPDATED, messages.HEADER_NAME_TAKEN
    )


def _update(obj, member, changes: dict, event, taken: str):
    changes = {k: v for k, v in changes.items() if getattr(obj, k) != v}
    if not changes:
        return obj
    for key, value in {**changes, **editor(member), "updated_at": timezone.now()}.items():
        setattr(obj, key, value)
    with transaction.atomic():
        if changes.get("is_default"):
            CampaignFooter.objects.filter(is_default=True).exclude(pk=obj.pk).update(
                is_default=False
            )
        unique_save(obj, taken=taken)
        audit_record(event, object_id=obj.pk, label=obj.name, extra={"fields": sorted(changes)})
    return obj


def header_delete(*, header: CampaignHeader) -> None:
    with transaction.atomic():
        audit_record(AuditEvent.CAMPAIGN_HEADER_DELETED, object_id=header.pk, label=header.name)
        header.delete()


def _colours(background: str, font: str) -> tuple[str, str]:
    background = _colour(background, "backgroundColor")
    font = _colour(font, "fontColor")
    if background == font:
        raise refused("fontColor", messages.COLOURS_SAME)
    return background, font


def footer_create(
    *,
    member: Member | None,
    name: str,
    html: str = "",
    background_color: str = "#ffffff",
    font_color: str = "#000000",
    is_default: bool = False,
) -> CampaignFooter:
    name = name_clean(name, required=messages.FOOTER_NAME_REQUIRED, limit=NAME_MAX)
    if _name_taken(CampaignFooter, name, None):
        raise refused("name", messages.FOOTER_NAME_TAKEN)
    background, font = _colours(background_color, font_color)
    footer = CampaignFooter(
        name=name,
        html=_html(html),
        background_color=background,
        font_color=font,
        is_default=is_default,
        **author(member),
        **editor(member),
    )
    with transaction.atomic():
        if is_default:
            CampaignFooter.objects.filter(is_default=True).update(is_default=False)
        unique_save(footer, taken=messages.FOOTER_NAME_TAKEN)
        audit_record(AuditEvent.CAMPAIGN_FOOTER_CREATED, object_id=footer.pk, label=footer.name)
    return footer


def footer_update(
    *,
    footer: CampaignFooter,
    member: Member | None,
    name: str | None = None,
    html: str | None = None,
    background_color: str | None = None,
    font_color: str | None = None,
    is_default: bool | None = None,
) -> CampaignFooter:
    changes: dict = {}
    if name is not None:
        changes["name"] = name_clean(name, required=messages.FOOTER_NAME_REQUIRED, limit=NAME_MAX)
        if _name_taken(CampaignFooter, changes["name"], footer.pk):
            raise refused("name", messages.FOOTER_NAME_TAKEN)
    if html is not None:
        changes["html"] = _html(html)
    if background_color is not None or font_color is not None:
        background, font = _colours(
            background_color if background_color is not None else footer.background_color,
            font_color if font_color is not None else footer.font_color,
        )
        changes |= {"background_color": background, "font_color": font}
    if is_default is not None:
        changes["is_default"] = is_default
    return _update(
        footer, member, changes, AuditEvent.CAMPAIGN_FOOTER_UPDATED, messages.FOOTER_NAME_TAKEN
    )


def footer_delete(*, footer: CampaignFooter) -> None:
    with transaction.atomic():
        audit_record(AuditEvent.CAMPAIGN_FOOTER_DELETED, object_id=footer.pk, label=footer.name)
        footer.delete()
