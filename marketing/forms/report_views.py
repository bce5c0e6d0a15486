"""The shared survey report (/external/dynamicformreport?token=...): a plain Django page on
the pages host (config/urls_pages.py: no session, no cookie; the app's hosts answer the old
address with a 308 there), outside the API and the single-page app, sending no script. The
signed token (services/report_share.py) is the credential: another client's token, an
altered one or a revoked share answers 404. Read-only: GET and HEAD only, nothing is
written. Every answer a visitor typed is escaped by the template; free-text answers are
shown a page at a time (?page=N)."""

from __future__ import annotations

import secrets

from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.http import Http404, HttpResponse
from django.template.loader import render_to_string
from django.views.decorators.http import require_http_methods

from marketing.forms import messages, reports
from marketing.forms.services.report_share import report_shared_form

ANSWERS_PER_PAGE = 20


def _answers(form, question: dict, page: str) -> dict:
    paginator = Paginator(reports.survey_answers(form_id=form.pk, key=question["key"]),
                          ANSWERS_PER_PAGE)  # fmt: skip
    try:
        shown = paginator.page(page)
    except (EmptyPage, PageNotAnInteger):
        shown = paginator.page(1)
    return {"items": [row["answer"] for row in shown.object_list], "page": shown}


@require_http_methods(["GET", "HEAD"])
def shared_survey_report(request) -> HttpResponse:
    token = request.GET.get("token", "")[:500]
    form = report_shared_form(token) if token else None
    if form is None:
        raise Http404(messages.REPORT_NOT_SHARED)
    report = reports.survey_report(form=form)
    page = request.GET.get("page", "1")[:8]
    for question in report["questions"]:
        if question["type"] not in reports.CHOICE_TYPES:
            question["answers"] = _answers(form, question, page)
        total = sum(choice["count"] for choice in question["choices"]) or 1
        for choice in question["choices"]:
            choice["percent"] = round(100 * choice["count"] / total)
    nonce = secrets.token_urlsafe(16)
    body = render_to_string(
        "form_reports/shared.html",
        {
            "nonce": nonce,
            "form_name": form.name,
            "report": report,
            "token": token,
            "messages": messages,
        },  # fmt: skip
    )
    response = HttpResponse(body, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = (
        f"default-src 'none'; style-src 'nonce-{nonce}'; base-uri 'none'; form-action 'none';"
        " frame-ancestors 'none'"
    )
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response
