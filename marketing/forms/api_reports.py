"""The form reports API (gates: config/operation_gates.py): /formConversions's figures,
/surveyFormReport's answers and its share toggle, a form's submissions export (a
background job), and a profile's history of form submissions. Days and instants are the
client's (its time zone)."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router, Status

from core.errors import NotFound
from core.pagination import PageQuery, paginate
from core.responses import ERRORS, ERRORS_WITH_CONFLICT
from marketing.audience.selectors.profiles import profile_get
from marketing.forms import messages, reports, selectors
from marketing.forms.report_schemas import (
    AnswerPageOut,
    AnswerQuery,
    ConversionQuery,
    ConversionsOut,
    CrmCopyIn,
    CrmCopyOut,
    ProfileSubmissionPageOut,
    SurveyReportOut,
    SurveyShareIn,
)
from marketing.forms.services.crm_copy import submissions_crm_copy
from marketing.forms.services.exports import submission_export_start
from marketing.forms.services.report_share import report_share_set, report_share_url
from marketing.jobs.schemas import JobIdOut

router = Router(tags=["form reports"])
DEFAULT_DAYS = 30


def _zone(request: HttpRequest) -> str:
    return request.tenant.time_zone


@router.get(
    "/mm/forms/{int:form_id}/conversions", response={200: ConversionsOut, **ERRORS}, by_alias=True
)
def formConversions(request: HttpRequest, form_id: int, query: Query[ConversionQuery]):
    """Views, submissions and confirmed by day and by source page (the last 30 days unless
    a range is given)."""
    form = selectors.form_get(form_id=form_id)
    zone = _zone(request)
    today = timezone.now().astimezone(ZoneInfo(zone)).date()
    date_to = query.dateTo or (
        today if query.dateFrom is None else query.dateFrom + datetime.timedelta(DEFAULT_DAYS - 1)
    )
    date_from = query.dateFrom or date_to - datetime.timedelta(days=DEFAULT_DAYS - 1)
    span = reports.Range(date_from, date_to, zone)
    figures = reports.form_conversions(form=form, span=span)
    return {"form_id": form.pk, "form_name": form.name, "form_type": form.form_type,
            "date_from": date_from, "date_to": date_to, "time_zone": zone, **figures}  # fmt: skip


def _survey(form) -> dict:
    return {"form_id": form.pk, "form_name": form.name, **reports.survey_report(form=form),
            "shared": form.report_share_key is not None,
            "share_url": report_share_url(form)}  # fmt: skip


@router.get(
    "/mm/forms/{int:form_id}/surveyReport", response={200: SurveyReportOut, **ERRORS}, by_alias=True
)
def formSurveyReport(request: HttpRequest, form_id: int):
    """Each question's answer counts (choices with the options nobody chose)."""
    return _survey(selectors.form_get(form_id=form_id))


@router.get(
    "/mm/forms/{int:form_id}/surveyReport/answers",
    response={200: AnswerPageOut, **ERRORS},
    by_alias=True,
)
def formSurveyAnswers(request: HttpRequest, form_id: int, query: Query[AnswerQuery]):
    """A free-text question's answers, newest first, a page at a time."""
    form = selectors.form_get(form_id=form_id)
    if reports.survey_question(form, query.question) is None:
        raise NotFound(messages.QUESTION_UNKNOWN)
    answers = reports.survey_answers(form_id=form.pk, key=query.question)
    page = paginate(answers, page=query.page, page_size=query.pageSize, exact_up_to=50_000)
    zone = ZoneInfo(_zone(request))
    for item in page["items"]:
        item["created_at"] = item["created_at"].astimezone(zone)
    return page


@router.post(
    "/mm/forms/{int:form_id}/surveyReport/share",
    response={200: SurveyReportOut, **ERRORS},
    by_alias=True,
)
def formSurveyReportShare(request: HttpRequest, form_id: int, data: SurveyShareIn):
    """On: a signed public link (/external/dynamicformreport); off: every link revoked."""
    return _survey(report_share_set(form_id=form_id, shared=data.shared))


@router.post(
    "/mm/forms/{int:form_id}/submissions/export",
    response={202: JobIdOut, **ERRORS_WITH_CONFLICT},
)
def formSubmissionExport(request: HttpRequest, form_id: int):
    """The form's submissions as CSV through a background job (its file: downloadBase64)."""
    job = submission_export_start(
        member=request.auth,
        form=selectors.form_get(form_id=form_id),
        time_zone=_zone(request),
    )
    return Status(202, {"jobId": job.pk})


@router.post("/mm/forms/{int:form_id}/submissions/copyToCrm", response={200: CrmCopyOut, **ERRORS})
def formSubmissionsCopyToCrm(request: HttpRequest, form_id: int, data: CrmCopyIn):
    """The form's submitters to the CRM with a rep (required; a disabled rep is refused)."""
    return submissions_crm_copy(form_id=form_id, rep_id=data.repId)


@router.get(
    "/mm/profiles/{int:profile_id}/formSubmissions",
    response={200: ProfileSubmissionPageOut, **ERRORS},
    by_alias=True,
)
def profileFormSubmissions(request: HttpRequest, profile_id: int, query: Query[PageQuery]):
    """The forms a profile submitted (the submissions that reached it), newest first."""
    profile_get(profile_id=profile_id)
    submissions = selectors.profile_submissions(profile_id=profile_id)
    page = paginate(submissions, page=query.page, page_size=query.pageSize)
    zone = ZoneInfo(_zone(request))
    page["items"] = [
        {"id": s.pk, "form_id": s.form_id, "form_name": s.form.name, "source_page": s.source_page,
         "created_at": s.created_at.astimezone(zone),
         "confirmed_at": s.confirmed_at.astimezone(zone) if s.confirmed_at else None}
        for s in page["items"]
    ]  # fmt: skip
    return page
