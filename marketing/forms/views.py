"""The public side of forms, served on the pages host (config/pages.py: a separate,
cookieless origin, a lean stack, the client named by the path's first segment; the paths
below are after it). Plain Django views that read no session and send no app bundle
(docs/flows/form-submission.md).

- GET  /pf/<key>            the published form (its frozen version, its theme), with a
                            signed page token and a proof-of-work challenge (ALTCHA);
                            /s/<path> is a survey form's own address; ?embed=1 is the
                            page inside a website's frame (static/forms/embed.js);
- POST /pf/<key>            the submit: honeypot, token, proof of work, rate limits, the
                            values checked, the row stored and committed, its processing
                            sent; then 303 to the thank-you page;
- GET  /pf/<key>/thanks     the thank-you page, or the form's redirect;
- GET  /pf/confirm/<token>  the double opt-in link: a page with a Confirm button (no
                            state change on GET: mail scanners open links);
- POST /pf/confirm/<token>  the confirmation;
- GET  /-/form.js, /-/embed.js  the form page's script and the embed script.
Everything a visitor or a marketer wrote is escaped by the templates; the only HTML shown
as HTML (the disclaimer and the thank-you text) was cleaned when it was written
(core.untrusted_html). Each page has its own Content-Security-Policy: scripts only from
the pages host itself (no inline script), styles only under the page's nonce, forms post
only to the pages host, framing allowed anywhere (an embedded form lives in a frame on the
client's site). A form's redirect after the thank-you is a meta refresh from the
thank-you page: form-action 'self' holds for the whole chain of a submit's redirects."""

from __future__ import annotations

import hashlib
import json
import secrets
import uuid
from functools import cache
from pathlib import Path

from django.db import connection
from django.http import Http404, HttpResponse, HttpResponseNotModified, HttpResponseRedirect
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from core.errors import ValidationFailed
from core.hourly_limits import LimitReached
from core.http import client_address
from marketing.audience.selectors.groups import group_names
from marketing.audience.selectors.tags import tag_names
from marketing.forms import messages
from marketing.forms.definition import definition_dump, definition_read, styles_css
from marketing.forms.embedding import form_page_path
from marketing.forms.page_context import page_choices as _choices
from marketing.forms.page_context import page_sections as _sections
from marketing.forms.selectors import form_published_by_key, form_published_by_path
from marketing.forms.services.proof_of_work import altcha_challenge, altcha_check
from marketing.forms.services.recaptcha import recaptcha_check
from marketing.forms.services.submissions import (
    UTM_KEYS,
    confirm_token_valid,
    submission_confirm,
    submission_store,
    submission_values,
    submit_allow,
)
from marketing.forms.services.views import form_view_record
from marketing.forms.tokens import BadToken, form_token, form_token_check
from marketing.tracking.selectors import machine_visit

HONEYPOT = "website_url"  # a field people never see; bots fill every field
# A client that chose reCAPTCHA (client settings): its widget's script and frame.
RECAPTCHA_SOURCES = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/"
SCRIPTS = Path(__file__).parent / "static" / "forms"
SCRIPT_NAMES = ("form.js", "embed.js")


def _page(template: str, context: dict, *, status: int = 200) -> HttpResponse:
    nonce = secrets.token_urlsafe(16)
    body = render_to_string(template, {**context, "nonce": nonce})
    response = HttpResponse(body, status=status, content_type="text/html; charset=utf-8")
    google = " " + RECAPTCHA_SOURCES if context.get("recaptcha") else ""
    response["Content-Security-Policy"] = (
        f"default-src 'none'; script-src 'self'{google}; style-src 'nonce-{nonce}'; "
        f"img-src 'self' https:; form-action 'self'; base-uri 'none'; frame-ancestors *"
        + (f"; frame-src{google}" if google else "")
    )
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "strict-origin-when-cross-origin"
    return response


def _message(title: str, text: str, *, status: int = 200, styles: str = "") -> HttpResponse:
    return _page("forms/message.html", {"title": title, "text": text, "css": styles}, status=status)


def _form_page(request, form, *, data=None, errors=None, status=200) -> HttpResponse:
    version = form.published_version
    definition = definition_read(version.definition)
    errors = errors or {}
    query = data if data is not None else request.GET
    disclaimer = version.disclaimer_version
    page_path = form_page_path(str(form.key))
    recaptcha = _recaptcha_site_key(request)
    popup = definition_dump(definition).get("popup", {})
    context = {
        "form": definition,
        "action": page_path,
        "altcha": "" if recaptcha else json.dumps(altcha_challenge(form_key=str(form.key))),
        "recaptcha": recaptcha,
        "popup": json.dumps(popup) if popup.get("enabled") else "",
        "embed": request.GET.get("embed") == "1",
        "fill": messages.FILL,
        "needs_script": messages.NEEDS_SCRIPT,
        "checking": messages.CHECKING,
        "token": form_token(form_key=str(form.key), schema=connection.schema_name),
        "sections": _sections(definition, data, errors),
        "groups": _choices(definition.groups.choices, group_names, data, "groups"),
        "tags": _choices(definition.tags.choices, tag_names, data, "tags"),
        "utm": {k: query.get(k, "")[:200] for k in UTM_KEYS if query.get(k)}
        if definition.utm
        else {},
        "source_page": (query.get("source") or request.META.get("HTTP_REFERER", ""))[:2000],
        "disclaimer": mark_safe(disclaimer.text) if disclaimer else "",  # cleaned on write
        "consent_error": (errors.get("consent") or [""])[0],
        "consent_checked": data is not None and "yes" in data.getlist("consent"),
        "message": (errors.get("__all__") or [""])[0],
        "honeypot": HONEYPOT,
        "css": styles_css(version.theme_styles),
    }
    return _page("forms/page.html", context, status=status)


def _recaptcha_site_key(request) -> str:
    """The client's reCAPTCHA site key when it chose reCAPTCHA over ALTCHA, else ''."""
    client = getattr(request, "tenant", None)
    if client is not None and client.captcha == "recaptcha" and client.recaptcha_secret:
        return client.recaptcha_site_key
    return ""


def _captcha_check(request, form) -> None:
    """ALTCHA, or the client's reCAPTCHA: ValidationFailed when the visitor did not pass."""
    if _recaptcha_site_key(request):
        recaptcha_check(
            request.POST.get("g-recaptcha-response", ""),
            sealed_secret=request.tenant.recaptcha_secret,
            ip=client_address(request),
        )
    else:
        altcha_check(request.POST.get("altcha", ""), form_key=str(form.key))


def _published(key: str):
    try:
        form = form_published_by_key(str(uuid.UUID(key)))
    except ValueError:  # not a form's key
        form = None
    if form is None:
        raise Http404(messages.PAGE_NOT_FOUND)
    return form


def _viewed(request, form) -> HttpResponse:
    """The form's page, its view counted for the conversion report (a person's GET only:
    no HEAD, no scanner or crawler)."""
    if request.method == "GET" and not machine_visit(request.META.get("HTTP_USER_AGENT", "")):
        source = request.GET.get("source") or request.META.get("HTTP_REFERER", "")
        form_view_record(
            form_id=form.pk, source_page=source[:2000], time_zone=request.tenant.time_zone
        )
    return _form_page(request, form)


@csrf_exempt  # the signed page token is the credential; no cookie is read
@require_http_methods(["GET", "HEAD", "POST"])
def public_form(request, key: str):
    form = _published(key)
    if request.method != "POST":
        return _viewed(request, form)
    data = request.POST
    thanks = HttpResponseRedirect(form_page_path(str(form.key)) + "/thanks")
    thanks.status_code = 303
    if data.get(HONEYPOT):
        return thanks  # a bot: it is answered as a person would be, and nothing is kept
    try:
        form_token_check(
            data.get("token", ""), form_key=str(form.key), schema=connection.schema_name
        )
    except BadToken:
        return _form_page(request, form, data=data, errors={"__all__": [messages.TOKEN_EXPIRED]},
                          status=400)  # fmt: skip
    try:
        _captcha_check(request, form)
    except ValidationFailed as refusal:
        return _form_page(request, form, data=data, errors={"__all__": [refusal.message]},
                          status=400)  # fmt: skip
    ip = client_address(request)
    try:
        submit_allow(form_id=form.pk, ip=ip)
    except LimitReached as refused:
        response = _message(messages.TOO_MANY, messages.TOO_MANY, status=429)
        response["Retry-After"] = str(refused.retry_after)
        return response
    try:
        values = submission_values(form.published_version, data)
    except ValidationFailed as refusal:
        return _form_page(request, form, data=data, errors=refusal.errors, status=400)
    submission_store(
        version=form.published_version,
        values=values,
        ip=ip,
        user_agent=request.META.get("HTTP_USER_AGENT", ""),
        source_page=data.get("source_page", "") or request.META.get("HTTP_REFERER", ""),
    )
    return thanks


@require_http_methods(["GET", "HEAD"])
def public_survey(request, path: str):
    form = form_published_by_path(path)
    if form is None:
        raise Http404(messages.PAGE_NOT_FOUND)
    return _viewed(request, _published(str(form.key)))


@require_http_methods(["GET", "HEAD"])
def public_form_thanks(request, key: str):
    form = _published(key)
    version = form.published_version
    thank_you = definition_read(version.definition).thank_you
    text = messages.CHECK_INBOX if version.double_opt_in else messages.THANK_YOU
    redirect = thank_you.url if thank_you.kind == "redirect" and thank_you.url else ""
    return _page(
        "forms/message.html",
        {
            "title": definition_read(version.definition).title or form.name,
            "text": text,
            "html": mark_safe(thank_you.html) if thank_you.html else "",  # cleaned on write
            "redirect": redirect,  # a web address (checked on save), escaped as an attribute
            "css": styles_css(version.theme_styles),
        },
    )


@csrf_exempt  # the signed link is the credential
@require_http_methods(["GET", "HEAD", "POST"])
def public_confirm(request, token: str):
    if request.method != "POST":
        if not confirm_token_valid(token):
            return _message(messages.CONFIRM_TITLE, messages.LINK_EXPIRED, status=400)
        return _page(
            "forms/confirm.html",
            {"title": messages.CONFIRM_TITLE, "button": messages.CONFIRM_BUTTON, "css": ""},
        )
    outcome = submission_confirm(token, ip=client_address(request))
    if outcome == "invalid":
        return _message(messages.CONFIRM_TITLE, messages.LINK_EXPIRED, status=400)
    text = messages.CONFIRMED if outcome == "confirmed" else messages.ALREADY_CONFIRMED
    return _message(messages.CONFIRM_TITLE, text)


@cache
def _script(name: str) -> tuple[bytes, str]:
    body = (SCRIPTS / name).read_bytes()
    return body, '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


@require_http_methods(["GET", "HEAD"])
def form_script(request, name: str):
    """The form page's script and the embed script: no client, cached a little (a fix
    reaches every site within minutes), loadable by any site."""
    if name not in SCRIPT_NAMES:
        raise Http404(messages.PAGE_NOT_FOUND)
    body, etag = _script(name)
    if request.META.get("HTTP_IF_NONE_MATCH") == etag:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=300"
    response["Cross-Origin-Resource-Policy"] = "cross-origin"
    response["X-Content-Type-Options"] = "nosniff"
    return response
