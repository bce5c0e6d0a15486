"""The form report screens in Chromium (issue 26): /formConversions with its totals, its
chart's numbers by the client's day and its source pages (searched and sorted), the
submissions exported as CSV through the background job; /surveyFormReport with each
question's counts and a free-text answer shown as text; the share toggle whose public
link (/external/dynamicformreport) opens read-only and stops working once sharing is off.
Each screen passes axe (WCAG 2 A and AA)."""

import datetime
import uuid
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone
from playwright.sync_api import Page, expect

from marketing.audience.models import FieldType, Group, Profile, ProfileField, Rep
from marketing.forms.models import Form, FormSubmission
from marketing.forms.services.forms import form_create, form_publish
from marketing.forms.services.views import form_view_record
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.browser_session import sign_in


def _in_plain(work):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return work()
    finally:
        connection.set_schema_to_public()


def _survey(suffix: str) -> int:
    """A published survey form with answers from two pages, and views of it."""

    def make():
        group = Group.objects.create(name=f"Survey {suffix}")
        topics, _ = ProfileField.objects.get_or_create(
            key="topics", defaults={"label": "Topics", "field_type": FieldType.CHECKBOX,
                                    "options": ["News", "Offers", "Events"]},
        )  # fmt: skip
        ProfileField.objects.get_or_create(
            key="remarks", defaults={"label": "Remarks", "field_type": FieldType.TEXT}
        )
        form = form_create(member=None, values={
            "name": f"Reader survey {suffix}", "form_type": "surveyForm",
            "survey_path": f"readers-{suffix}",
            "definition": {"sections": [{"id": "s1", "fields": [
                {"key": "email", "type": "email", "label": "Email", "required": True},
                {"key": "custom.topics", "type": "checkbox", "label": "Topics",
                 "separator": ","},
                {"key": "custom.remarks", "type": "text", "label": "Remarks"}]}],
                "groups": {"fixed": [group.pk]}},
        })  # fmt: skip
        form = form_publish(member=None, form_id=form.pk)
        version = Form.objects.get(pk=form.pk).published_version
        now = timezone.now()
        answers = [
            ("https://shop.example/join?utm_source=ad", ["News", "Offers"], "<b>Love it</b>"),
            ("https://shop.example/join", ["News"], "=1+2"),
            ("https://blog.example/post", ["Events"], ""),
        ]
        Rep.objects.get_or_create(email=f"rita-{suffix}@sales.example",
                                  defaults={"first_name": "Rita", "last_name": suffix})  # fmt: skip
        reader = Profile.objects.create(email=f"r0-{suffix}@mail.example")
        for n, (page, topics_chosen, remark) in enumerate(answers):
            FormSubmission.objects.create(
                profile_id=reader.pk if n == 0 else None,
                form_id=form.pk, version=version, email=f"r{n}-{suffix}@mail.example",
                payload={"custom.topics": topics_chosen, "custom.remarks": remark},
                source_page=page, created_at=now - datetime.timedelta(hours=n),
                confirmed_at=now if n == 0 else None,
            )  # fmt: skip
        for page in ("https://shop.example/join", "https://shop.example/join?x=1",
                     "https://blog.example/post", "https://news.example/"):  # fmt: skip
            form_view_record(form_id=form.pk, source_page=page, time_zone="America/New_York")
        return form.pk

    return _committed(_in_plain, make)


@pytest.fixture
def plain(site):
    return site("plain.localhost")


def test_conversions_export_and_the_shared_survey_report(page: Page, plain, site, browser):
    suffix = uuid.uuid4().hex[:8]
    form_id = _survey(suffix)
    sign_in(page, plain, "admin@plain.example",
            next_path=f"/formConversions/surveyForm/{form_id}/0")  # fmt: skip
    expect(
        page.get_by_role("heading", name=f"Form Conversions: Reader survey {suffix}")
    ).to_be_visible()
    expect(page.get_by_test_id("conversions-total-views")).to_contain_text("4")
    expect(page.get_by_test_id("conversions-total-submissions")).to_contain_text("3")
    expect(page.get_by_test_id("conversions-total-confirmed")).to_contain_text("1")
    rows = page.get_by_test_id("conversions-page-row")
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("https://shop.example/join")  # the busiest first
    page.get_by_test_id("sort-page").click()
    expect(rows.first).to_contain_text("https://blog.example/post")
    page.get_by_test_id("conversions-page-search").fill("news")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("https://news.example/")
    expect_accessible(page, "/formConversions")

    with page.expect_download(timeout=30_000) as download:
        page.get_by_test_id("export-submissions").click()
    lines = open(download.value.path(), encoding="utf-8").read().splitlines()
    assert lines[0] == "Submitted,Email,Status,Confirmed,Source Page,Version,Topics,Remarks"
    assert len(lines) == 4 and any(",'=1+2" in line for line in lines)  # a formula neutralised

    toast = page.locator(".mantine-Notification-root").filter(has_text="Export started.")
    toast.get_by_role("button").click()  # closed, as a person would, before clicking on
    expect(toast).to_have_count(0)

    page.get_by_test_id("copy-to-crm").click()
    dialog = page.get_by_role("dialog", name="Copy to CRM")
    dialog.get_by_test_id("crm-copy-confirm").click()
    expect(dialog.get_by_text("Please fill Rep")).to_be_visible()  # spec 5.5: a rep is required
    expect_accessible(page, "Copy to CRM")
    dialog.get_by_label("Rep").click()
    page.get_by_role("option", name=f"Rita {suffix} <rita-{suffix}@sales.example>").click()
    dialog.get_by_test_id("crm-copy-confirm").click()
    copied = page.locator(".mantine-Notification-root").filter(has_text="copied to CRM")
    expect(copied).to_contain_text("1 profile(s) copied to CRM.")
    copied.get_by_role("button").click()
    expect(copied).to_have_count(0)
    readers = Profile.objects.filter(email=f"r0-{suffix}@mail.example")
    assert (
        _committed(_in_plain, lambda: readers.values_list("rep__first_name", flat=True).get())
        == "Rita"
    )
    page.get_by_role("link", name="Survey report").click()
    page.wait_for_url(f"**/surveyFormReport?formId={form_id}")
    expect(page.get_by_test_id("survey-respondents")).to_have_text("Respondents: 3")
    questions = page.get_by_test_id("survey-question")
    expect(questions).to_have_count(2)
    choices = questions.first.get_by_test_id("question-choices")
    expect(choices.get_by_role("row", name="News")).to_contain_text("2")
    expect(choices.get_by_role("row", name="Offers")).to_contain_text("1")
    answers = questions.nth(1).get_by_test_id("question-answers")
    expect(answers.get_by_text("<b>Love it</b>")).to_be_visible()  # what a visitor typed, as text
    expect_accessible(page, "/surveyFormReport")

    page.get_by_test_id("survey-share").click()  # Mantine's Switch: its input is hidden
    link = page.get_by_test_id("survey-share-link")
    expect(link).to_be_visible()
    shared = urlsplit(link.input_value())  # on the pages host, the client in the path
    assert shared.hostname == settings.PAGES_HOST
    assert shared.path == "/plain/external/dynamicformreport", shared
    url = f"{site(settings.PAGES_HOST).base_url}{shared.path}?{shared.query}"
    visitor = browser.new_context().new_page()
    visitor.goto(url)
    expect(visitor.get_by_role("heading", name=f"Reader survey {suffix}")).to_be_visible()
    expect(visitor.get_by_text("<b>Love it</b>")).to_be_visible()
    expect_accessible(visitor, "/external/dynamicformreport")

    page.get_by_test_id("survey-share").click()
    expect(link).to_have_count(0)
    assert visitor.goto(url).status == 404
