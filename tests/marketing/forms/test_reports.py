"""Form reports: conversions by the client's day and by source page (views counted by
their upsert, submissions and confirmed from the index), the survey report's answer
counts and free-text pages, its share link (signed, read-only, revocable, escaped, another
client's host refused), the submissions export (CSV through the job, formulas
neutralised); bad input, wrong role and another client refused."""

import base64
import datetime
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection

from marketing.forms.models import Form, FormSubmission, FormViewDay
from marketing.forms.services.exports import submission_export_write
from marketing.forms.services.views import form_view_record
from tests.support.forms import URL, form_definition, form_parts_in, form_published
from tests.support.http_api import foreign, http
from tests.support.tenants import in_schema

NY = ZoneInfo("America/New_York")


def _at(day: int, hour: int) -> datetime.datetime:
    return datetime.datetime(2026, 3, day, hour, tzinfo=datetime.UTC)


def _submit(form_id: int, *, at, page="", confirmed=False, email="a@mail.example", **payload):
    form = Form.objects.get(pk=form_id)
    return FormSubmission.objects.create(
        form=form, version=form.published_version, email=email, payload=payload,
        source_page=page, created_at=at, confirmed_at=at if confirmed else None,
    )  # fmt: skip


def test_conversions_by_the_clients_day_and_by_source_page(alpha, user_api):
    form = form_published(user_api, form_parts_in(alpha))
    with in_schema(alpha):
        # 03:00 UTC on the 10th is still the 9th in New York
        _submit(form["id"], at=_at(10, 3), page="https://shop.example/join?utm_source=ad",
                confirmed=True)  # fmt: skip
        _submit(form["id"], at=_at(10, 15), page="https://shop.example/join#top")
        _submit(form["id"], at=_at(10, 16), page="https://blog.example/post", confirmed=True)
        _submit(form["id"], at=_at(20, 12), page="https://shop.example/join")  # out of range
        for at, page in ((_at(9, 18), "https://shop.example/join?x=1"),
                         (_at(10, 3), "https://shop.example/join"),
                         (_at(10, 15), "https://blog.example/post"),
                         (_at(10, 15), "https://elsewhere.example/")):  # fmt: skip
            form_view_record(form_id=form["id"], source_page=page, time_zone="America/New_York",
                             at=at)  # fmt: skip
        assert FormViewDay.objects.filter(form_id=form["id"]).count() == 3  # an upsert per day
    answer = user_api.get(f"{URL}/{form['id']}/conversions", dateFrom="2026-03-08",
                          dateTo="2026-03-11")  # fmt: skip
    assert answer.status_code == 200, answer.content
    report = answer.json()
    assert (report["timeZone"], report["dateFrom"], report["dateTo"]) == (
        "America/New_York", "2026-03-08", "2026-03-11",
    )  # fmt: skip
    days = {d["day"]: (d["views"], d["submissions"], d["confirmed"]) for d in report["days"]}
    assert days == {"2026-03-08": (0, 0, 0), "2026-03-09": (2, 1, 1),
                    "2026-03-10": (2, 2, 1), "2026-03-11": (0, 0, 0)}  # fmt: skip
    assert report["totals"] == {"views": 4, "submissions": 3, "confirmed": 2}
    pages = [(p["page"], p["views"], p["submissions"], p["confirmed"]) for p in report["pages"]]
    assert pages == [
        ("https://shop.example/join", 2, 2, 1),
        ("https://blog.example/post", 1, 1, 1),
        ("https://elsewhere.example/", 1, 0, 0),
    ]
    recent = user_api.get(f"{URL}/{form['id']}/conversions").json()
    assert len(recent["days"]) == 30


def test_conversions_bad_input(alpha, user_api):
    form = form_published(user_api, form_parts_in(alpha))
    path = f"{URL}/{form['id']}/conversions"
    refusals = [
        ({"dateFrom": "2026-03-10", "dateTo": "2026-03-09"},
         "The end date must be on or after the start date."),
        ({"dateFrom": "2025-01-01", "dateTo": "2026-03-09"}, "A report covers at most 366 days."),
    ]  # fmt: skip
    for query, message in refusals:
        answer = user_api.get(path, **query)
        assert answer.status_code == 400
        assert message in str(answer.json()["errors"]), answer.content
    for query in ({"dateFrom": "yesterday"}, {"dateTo": "2026-02-30"}, {"dateFrom": "0001-01-01"}):
        assert user_api.get(path, **query).status_code == 400, query
    assert user_api.get(f"{URL}/999999/conversions").status_code == 404


def _survey(alpha, user_api) -> tuple[dict, str]:
    parts = form_parts_in(alpha)
    with in_schema(alpha):
        from marketing.audience.models import FieldType, ProfileField

        ProfileField.objects.get_or_create(
            key="feedback", defaults={"label": "Feedback", "field_type": FieldType.TEXT}
        )
    definition = form_definition(parts, sections=[{"id": "s1", "fields": [
        {"key": "email", "type": "email", "label": "Email", "required": True},
        {"key": f"custom.{parts.field_key}", "type": "checkbox", "label": "Interests",
         "separator": ","},
        {"key": "custom.feedback", "type": "text", "label": "Your <b>feedback</b>"}]}])  # fmt: skip
    form = form_published(user_api, parts, name="Reader survey", formType="surveyForm",
                          surveyPath="reader-survey", definition=definition)  # fmt: skip
    with in_schema(alpha):
        interests = f"custom.{parts.field_key}"
        _submit(form["id"], at=_at(1, 1), **{interests: ["Music", "Travel"],
                "custom.feedback": "<script>alert(1)</script>"})  # fmt: skip
        _submit(form["id"], at=_at(2, 1), **{interests: ["Music"], "custom.feedback": "=1+2"})
        _submit(form["id"], at=_at(3, 1), **{"custom.feedback": ""})
        for n in range(22):
            _submit(form["id"], at=_at(4, 1) + datetime.timedelta(minutes=n),
                    **{"custom.feedback": f"note {n}"})  # fmt: skip
    return form, interests


def test_the_survey_report_and_its_free_text_pages(alpha, user_api):
    form, interests = _survey(alpha, user_api)
    report = user_api.get(f"{URL}/{form['id']}/surveyReport").json()
    assert (report["respondents"], report["shared"], report["shareUrl"]) == (25, False, None)
    checkbox, text = report["questions"]
    assert (checkbox["key"], checkbox["answered"]) == (interests, 2)
    assert checkbox["choices"] == [
        {"value": "Sports", "count": 0}, {"value": "Music", "count": 2},
        {"value": "Travel", "count": 1},
    ]  # fmt: skip
    assert (text["label"], text["type"], text["answered"], text["choices"]) == (
        "Your <b>feedback</b>", "text", 25, [],
    )  # fmt: skip
    answers = user_api.get(f"{URL}/{form['id']}/surveyReport/answers",
                           question="custom.feedback", pageSize=10).json()  # fmt: skip
    assert answers["total"] == 24  # the empty answer is no answer
    assert answers["items"][0]["answer"] == "note 21"
    last = user_api.get(f"{URL}/{form['id']}/surveyReport/answers", question="custom.feedback",
                        page=3, pageSize=10).json()  # fmt: skip
    oldest = ["note 1", "note 0", "=1+2", "<script>alert(1)</script>"]
    assert [a["answer"] for a in last["items"]] == oldest
    for bad in ({"question": interests}, {"question": "custom.nope"}):
        assert user_api.get(f"{URL}/{form['id']}/surveyReport/answers", **bad).status_code == 404
    for bad in ({"question": "x y"}, {}, {"question": "custom.feedback", "pageSize": 7}):
        assert user_api.get(f"{URL}/{form['id']}/surveyReport/answers", **bad).status_code == 400


def _local(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def test_the_shared_report_is_signed_read_only_escaped_and_revocable(alpha, beta, user_api):
    """The link opens on the pages host (a cookieless origin, the client in the path); the
    app host's old address answers 308 there."""
    form, _ = _survey(alpha, user_api)
    shared = user_api.post(f"{URL}/{form['id']}/surveyReport/share", {"shared": True}).json()
    url = shared["shareUrl"]
    assert shared["shared"] and urlsplit(url).hostname == settings.PAGES_HOST
    link = _local(url)
    assert link.startswith(f"/{alpha.client.schema_name}/external/dynamicformreport?token="), link
    again = user_api.post(f"{URL}/{form['id']}/surveyReport/share", {"shared": True}).json()
    assert again["shareUrl"] == url  # sharing a shared report keeps its link
    visitor = http(settings.PAGES_HOST)
    page = visitor.get(link)
    assert page.status_code == 200, page.content
    html = page.content.decode()
    assert "Reader survey" in html and "Respondents: 25" in html
    assert "<script>" not in html
    assert "Your &lt;b&gt;feedback&lt;/b&gt;" in html
    assert "Music</th>" in html and "2 (67%)" in html
    assert "note 21" in html and "note 1<" not in html and "Next</a>" in html
    second = visitor.get(link + "&page=2").content.decode()
    assert "note 1<" in second and "note 21" not in second
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in second and "<script>" not in second
    assert "script-src" not in page["Content-Security-Policy"]
    assert not page.cookies
    assert visitor.post(link).status_code == 405  # nothing changes through this page
    assert visitor.get(link[:-3] + "abc").status_code == 404  # altered
    token = link.split("?", 1)[1]
    beta_link = f"/{beta.client.schema_name}/external/dynamicformreport?{token}"
    assert visitor.get(beta_link).status_code == 404  # signed for another client
    moved = http(alpha.host).get(f"/external/dynamicformreport?{token}")
    assert moved.status_code == 308 and moved["Location"].endswith(link)
    assert http(alpha.host).get("/api/x").status_code != 308  # the app's own paths stay
    off = user_api.post(f"{URL}/{form['id']}/surveyReport/share", {"shared": False}).json()
    assert (off["shared"], off["shareUrl"]) == (False, None)
    assert visitor.get(link).status_code == 404  # revoked
    on = user_api.post(f"{URL}/{form['id']}/surveyReport/share", {"shared": True}).json()
    assert on["shareUrl"] != url and visitor.get(link).status_code == 404
    assert visitor.get(_local(on["shareUrl"])).status_code == 200
    bad = user_api.post(f"{URL}/{form['id']}/surveyReport/share", {"shared": "maybe"})
    assert bad.status_code == 400


def test_the_submissions_export_neutralises_formulas(alpha, admin_api):
    parts = form_parts_in(alpha)
    form = form_published(admin_api, parts)
    with in_schema(alpha):
        _submit(form["id"], at=_at(9, 18), page="=HYPERLINK(\"http://x\")", confirmed=True,
                email="ann@mail.example", firstName="@SUM(A1)",
                **{f"custom.{parts.field_key}": ["Music", "Travel"]})  # fmt: skip
        _submit(form["id"], at=_at(10, 18), email="bob@mail.example", firstName="Bob")
    path = f"{URL}/{form['id']}/submissions/export"
    started = admin_api.post(path, {})
    assert started.status_code == 202, started.content
    job_id = started.json()["jobId"]
    assert admin_api.post(path, {}).status_code == 409  # one at a time per form
    connection.set_tenant(alpha.client)
    submission_export_write(job_id)  # what the worker's task runs
    connection.set_schema_to_public()
    job = admin_api.get(f"/api/mm/jobs/{job_id}").json()
    assert (job["status"], job["kind"]) == ("Completed", "formSubmissionExport")
    download = admin_api.post("/api/downloadBase64", {"filePath": job["fileId"], "fileName": ""})
    lines = base64.b64decode(download.json()["data"]).decode().splitlines()
    assert lines[0] == "Submitted,Email,Status,Confirmed,Source Page,Version,First Name,Interests"
    assert lines[1] == (
        "2026-03-09T14:00:00-04:00,ann@mail.example,Confirmed,2026-03-09T14:00:00-04:00,"
        '"\'=HYPERLINK(""http://x"")",1,\'@SUM(A1),"Music, Travel"'
    )
    assert lines[2].startswith("2026-03-10T14:00:00-04:00,bob@mail.example,Pending,,,1,Bob,")


def test_roles_and_another_client(alpha, beta, user_api, nomkm_api, beta_api):
    form = form_published(user_api, form_parts_in(alpha))
    base = f"{URL}/{form['id']}"
    calls = [
        ("get", f"{base}/conversions", None), ("get", f"{base}/surveyReport", None),
        ("get", f"{base}/surveyReport/answers?question=custom.interests", None),
        ("post", f"{base}/surveyReport/share", {"shared": True}),
        ("post", f"{base}/submissions/export", {}),
    ]  # fmt: skip
    for method, path, body in calls:
        args = (path,) if body is None else (path, body)
        assert getattr(nomkm_api, method)(*args).status_code == 403, path
        assert getattr(foreign(beta_api, alpha), method)(*args).status_code == 403, path
        assert getattr(beta_api, method)(*args).status_code == 404, path
    with in_schema(alpha):
        assert Form.objects.get(pk=form["id"]).report_share_key is None


def test_copy_to_crm_needs_an_active_rep(alpha, beta, user_api, nomkm_api, beta_api):
    from marketing.audience.models import Group, Profile, ProfileGroup, Rep

    form = form_published(user_api, form_parts_in(alpha))
    with in_schema(alpha):
        ann = Profile.objects.create(email="ann@mail.example")
        crm = Profile.objects.create(email="crm@mail.example", source="crm")
        gone = Profile.objects.create(email="gone@mail.example", deleted_at=_at(1, 1))
        for profile in (ann, crm, gone):
            row = _submit(form["id"], at=_at(5, 5), email=profile.email, confirmed=True)
            FormSubmission.objects.filter(pk=row.pk).update(profile_id=profile.pk)
        _submit(form["id"], at=_at(5, 6), email="unconfirmed@mail.example")  # reached no one
        active = Rep.objects.create(email="rep@sales.example", first_name="Rita")
        disabled = Rep.objects.create(email="old@sales.example", is_active=False)
        crm_group = Group.objects.get(default_key="crmContact").pk
    path = f"{URL}/{form['id']}/submissions/copyToCrm"
    for body, errors in (
        ({}, {"repId": ["Please fill Rep "]}),
        ({"repId": None}, {"repId": ["Please fill Rep "]}),
        ({"repId": disabled.pk}, {"repId": ["This rep is disabled. Choose an active rep."]}),
        ({"repId": 999999}, {"repId": ["Unknown rep."]}),
    ):
        answer = user_api.post(path, body)
        assert (answer.status_code, answer.json()["errors"]) == (400, errors), body
    for bad in ({"repId": "x"}, {"repId": 0}):
        assert user_api.post(path, bad).status_code == 400
    copied = user_api.post(path, {"repId": active.pk})
    assert copied.status_code == 200, copied.content
    assert copied.json() == {"profiles": 3, "assigned": 1}  # the CRM and deleted ones stay
    assert user_api.post(path, {"repId": active.pk}).json() == {"profiles": 3, "assigned": 0}
    with in_schema(alpha):
        reps = dict(Profile.objects.values_list("email", "rep_id"))
        assert (reps["ann@mail.example"], reps["crm@mail.example"]) == (active.pk, None)
        assert ProfileGroup.objects.filter(group_id=crm_group, profile_id=ann.pk).exists()
    assert nomkm_api.post(path, {"repId": active.pk}).status_code == 403
    assert foreign(beta_api, alpha).post(path, {"repId": active.pk}).status_code == 403
    assert beta_api.post(path, {"repId": active.pk}).status_code == 404
    missing = user_api.post(f"{URL}/999999/submissions/copyToCrm", {"repId": active.pk})
    assert missing.status_code == 404
