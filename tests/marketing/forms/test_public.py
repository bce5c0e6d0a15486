"""The public side of a form, through Django's test client at the client's host: the page
(escaped, themed, its own CSP, no session), the submit's rules with their messages
(spec 5.1's 'Please fill {field} '), the honeypot, the page token, the rate limits (per
address of the internet, per form, and the confirmations one inbox gets), the row stored
before the answer, processing once, the double opt-in (GET changes nothing, POST
confirms) ending in the profile, its consent and a workflow enrollment, single opt-in,
and another client's host."""

import re
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.utils import timezone

from marketing.audience.models import Profile
from marketing.delivery.models import Delivery, Send
from marketing.forms.models import FormSubmission, FormVersion
from marketing.forms.services.submissions import (
    confirm_link,
    submission_process,
    submissions_sweep,
)
from marketing.workflows.models import Enrollment
from tests.support.forms import form_page_fields, form_parts_in, form_published
from tests.support.http_api import http
from tests.support.tenants import in_schema
from tests.support.workflows import definition_ok, parts_in, workflow_published


def pages():
    """A visitor's browser on the pages host."""
    return http(django_settings.PAGES_HOST)


THEME = {"title": {"color": "#123456", "fontSize": "30px"}}


@pytest.fixture
def published(alpha, user_api, admin_api):
    parts = form_parts_in(alpha)
    theme = user_api.post("/api/mm/formThemes", {"name": "Brand", "styles": THEME}).json()
    disclaimer = admin_api.post(
        "/api/mm/disclaimers", {"name": "Consent", "text": "<p>I agree to <b>terms</b></p>"}
    ).json()
    form = form_published(admin_api, parts, themeId=theme["id"], disclaimerId=disclaimer["id"])
    return parts, form


def _page(browser, form) -> tuple[str, dict]:
    page = browser.get(form["publicPath"])
    assert page.status_code == 200, page.content
    html = page.content.decode()
    return html, form_page_fields(html)


def _fields(parts, page: dict, **changes) -> dict:
    data = {
        **page,
        "email": " Ann@Mail.Example ",
        "firstName": "Ann <b>",
        f"custom.{parts.field_key}": ["music", "Travel"],
        "groups": [str(parts.choice_group_id)],
        "consent": "yes",
        "utm_source": "newsletter",
        "source_page": "https://shop.example/join",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_the_page_is_escaped_themed_and_lean(alpha, published):
    parts, form = published
    browser = pages()
    page = browser.get(form["publicPath"] + "?utm_source=ad&utm_medium=%22%3E%3Cscript%3E")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Join our &lt;newsletter&gt;" in html and "<newsletter>" not in html
    # one script, the pages host's own file; what the visitor typed is escaped
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/-/form.js" defer>']
    assert "&quot;&gt;&lt;script&gt;" in html
    assert ".mc-title{font-size:30px;color:#123456}" in html
    assert "<p>I agree to <b>terms</b></p>" in html  # the cleaned disclaimer, as HTML
    assert 'name="groups"' in html and "Offers" in html
    policy = page["Content-Security-Policy"]
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    assert f'<style nonce="{nonce}">' in html
    assert policy.startswith("default-src 'none'; script-src 'self'; style-src 'nonce-")
    assert "form-action 'self'; base-uri" in policy
    assert "frame-ancestors *" in policy
    assert "sessionid" not in page.cookies and "csrftoken" not in page.cookies
    assert page["Cache-Control"] == "no-store"
    assert browser.get(f"/{alpha.client.schema_name}/pf/not-a-key").status_code == 404
    missing = f"/{alpha.client.schema_name}/pf/00000000-0000-0000-0000-000000000000"
    assert browser.get(missing).status_code == 404


def test_each_submit_rule_with_its_message(alpha, published):
    parts, form = published
    browser = pages()
    cases = [
        ({"email": "", "firstName": ""},
         {"Please fill Email ", "Please fill First Name "}),
        ({"email": "not-an-address"}, {"Please enter valid Email ID"}),
        ({f"custom.{parts.field_key}": ["Chess"]}, {"Please choose from the list."}),
        ({"consent": None}, {"Please accept the disclaimer."}),
        ({"firstName": "x" * 101}, {"At most 100 characters."}),
    ]  # fmt: skip
    for change, expected in cases:
        answer = browser.post(form["publicPath"], _fields(parts, _page(browser, form)[1], **change))
        assert answer.status_code == 400, change
        shown = set(re.findall(r'<p class="mc-error" role="alert">([^<]*)</p>',
                               answer.content.decode()))  # fmt: skip
        assert shown == {e.replace("'", "&#x27;") for e in expected}, change
    expired = browser.post(
        form["publicPath"], _fields(parts, {**_page(browser, form)[1], "token": "forged:token"})
    )
    assert expired.status_code == 400
    assert (
        "This form has expired. Please reload the page and try again." in expired.content.decode()
    )
    # a token of another form is no token
    with in_schema(alpha):
        assert not FormSubmission.objects.exists()


def test_a_submission_is_stored_then_confirmed_by_post_only(alpha, user_api, published):
    parts, form = published
    wparts = parts_in(alpha)
    trigger = {"id": "trigger", "kind": "formSubmission", "formId": form["id"]}
    workflow = workflow_published(
        alpha, user_api, wparts, definition={**definition_ok(wparts), "trigger": trigger}
    )
    browser = pages()
    answer = browser.post(
        form["publicPath"], _fields(parts, _page(browser, form)[1]), HTTP_USER_AGENT="Test/1.0"
    )
    assert (answer.status_code, answer["Location"]) == (303, f"{form['publicPath']}/thanks")
    thanks = browser.get(answer["Location"]).content.decode()
    assert "Please check your inbox to confirm your subscription." in thanks
    assert "<p>Thanks <b>a lot</b></p>" in thanks
    with in_schema(alpha):
        [row] = FormSubmission.objects.all()
        assert (row.email, row.user_agent, row.source_page) == (
            "ann@mail.example", "Test/1.0", "https://shop.example/join",
        )  # fmt: skip
        assert row.payload["firstName"] == "Ann <b>"
        assert row.payload[f"custom.{parts.field_key}"] == ["Music", "Travel"]
        assert row.payload["groups"] == [parts.group_id, parts.choice_group_id]
        assert row.payload["utm"] == {"utm_source": "newsletter"}
        assert row.payload["disclaimerVersion"] == 1
        assert row.processed_at is None and row.version.number == 1
        assert submission_process(row.pk) == "done"
        assert submission_process(row.pk) == "skipped"  # a redelivered task
        row.refresh_from_db()
        assert row.processed_at and row.confirmation_sent_at
        [delivery] = Delivery.objects.filter(email="ann@mail.example")
        send = Send.objects.get(pk=delivery.send_id)
        assert send.transactional and send.subject == "Please confirm your subscription"
        link = re.search(r'href="([^"]+)"', send.html).group(1)
        assert link == confirm_link(row.pk) and link in send.text
        assert not Profile.objects.filter(email="ann@mail.example").exists()
    assert link.startswith(f"https://{django_settings.PAGES_HOST}/{alpha.client.schema_name}/pf/")
    path = link[link.index(f"/{alpha.client.schema_name}/pf/") :]
    for _ in range(2):  # mail scanners open links: nothing happens on GET
        page = browser.get(path)
        assert page.status_code == 200 and "<button" in page.content.decode()
    with in_schema(alpha):
        assert not Profile.objects.filter(email="ann@mail.example").exists()
    confirmed = browser.post(path, REMOTE_ADDR="203.0.113.9")
    assert "Your subscription is confirmed. Thank you!" in confirmed.content.decode()
    again = browser.post(path)
    assert "Your subscription was already confirmed." in again.content.decode()
    with in_schema(alpha):
        profile = Profile.objects.get(email="ann@mail.example")
        assert (profile.first_name, profile.source) == ("Ann <b>", "conversion")
        assert profile.custom == {parts.field_key: ["Music", "Travel"]}
        assert profile.company == "From the web"  # the hidden field
        assert set(profile.groups.values_list("pk", flat=True)) == {
            parts.group_id, parts.choice_group_id,
        }  # fmt: skip
        assert list(profile.tags.values_list("pk", flat=True)) == [parts.tag_id]
        row.refresh_from_db()
        assert (row.profile_id, row.confirmed_ip) == (profile.pk, "203.0.113.9")
        assert Enrollment.objects.filter(workflow_id=workflow["id"], profile_id=profile.pk).exists()
    bad = browser.get(f"/{alpha.client.schema_name}/pf/confirm/1:forged:sig")
    assert bad.status_code == 400 and "expired or is not valid" in bad.content.decode()
    assert browser.post(f"/{alpha.client.schema_name}/pf/confirm/1:forged:sig").status_code == 400


def test_single_opt_in_and_an_existing_profile(alpha, admin_api, published):
    parts, form = published
    with in_schema(alpha):
        existing = Profile.objects.create(email="bob@mail.example", first_name="Robert")
    url = f"/api/mm/forms/{form['id']}"
    assert admin_api.patch(url, {"doubleOptIn": False}).status_code == 200
    assert admin_api.post(f"{url}/publish", {}).status_code == 200
    browser = pages()
    data = _fields(
        parts, _page(browser, form)[1], email="bob@mail.example", firstName="Bob", groups=None
    )
    assert browser.post(form["publicPath"], data).status_code == 303
    thanks = browser.get(f"{form['publicPath']}/thanks").content.decode()
    assert "Thank you! Your submission has been received." in thanks
    with in_schema(alpha):
        row = FormSubmission.objects.get(email="bob@mail.example")
        assert row.version.number == 2
        assert submission_process(row.pk) == "done"
        existing.refresh_from_db()
        assert existing.first_name == "Bob" and existing.source == "addProfile"
        assert list(existing.groups.values_list("pk", flat=True)) == [parts.group_id]
        assert not Delivery.objects.filter(email="bob@mail.example").exists()
        row.refresh_from_db()
        assert row.profile_id == existing.pk and row.confirmed_at is not None


def test_honeypot_and_rate_limits(alpha, published, settings):
    parts, form = published
    settings.FORM_SUBMITS_HOURLY_PER_IP = 2
    settings.FORM_CONFIRMATIONS_HOURLY_PER_ADDRESS = 1
    browser = pages()
    bot = browser.post(
        form["publicPath"], _fields(parts, _page(browser, form)[1], website_url="http://spam")
    )
    assert bot.status_code == 303  # answered like a person, nothing kept
    with in_schema(alpha):
        assert not FormSubmission.objects.exists()
    for _ in range(2):
        assert (
            browser.post(form["publicPath"], _fields(parts, _page(browser, form)[1])).status_code
            == 303
        )
    refused = browser.post(form["publicPath"], _fields(parts, _page(browser, form)[1]))
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many submissions. Please try again later." in refused.content.decode()
    other = pages()  # another address of the internet still may
    assert (
        other.post(form["publicPath"], _fields(parts, _page(browser, form)[1])).status_code == 303
    )
    settings.FORM_SUBMITS_HOURLY_PER_FORM = 3
    assert (
        pages().post(form["publicPath"], _fields(parts, _page(browser, form)[1])).status_code == 429
    )
    with in_schema(alpha):
        rows = list(FormSubmission.objects.order_by("pk"))
        assert len(rows) == 3
        # list-bombing: one inbox gets one confirmation an hour, the rest are kept unsent
        assert [submission_process(r.pk) for r in rows] == ["done", "limited", "limited"]
        assert Delivery.objects.filter(email="ann@mail.example").count() == 1
        assert FormSubmission.objects.filter(processed_at__isnull=True).count() == 0


def test_a_failing_row_is_retried_by_the_sweep_then_set_aside(alpha, published, settings):
    parts, form = published
    settings.FORM_SWEEP_AFTER_SECONDS = 0
    settings.FORM_SUBMISSION_MAX_ATTEMPTS = 2
    settings.FORM_CONFIRMATION_FROM_ADDRESS = "not an address"  # every send refused
    browser = pages()
    browser.post(form["publicPath"], _fields(parts, _page(browser, form)[1]))
    with in_schema(alpha):
        row = FormSubmission.objects.get()
        assert submission_process(row.pk) == "failed"
        row.refresh_from_db()
        assert (row.attempts, row.failed_reason) == (1, "Please enter valid Email ID")
        row.last_attempt_at = row.last_attempt_at.replace(year=2000)
        row.save()
        assert submissions_sweep() == 1
        row.refresh_from_db()
        assert row.attempts == 2 and row.set_aside_at is not None
        assert submissions_sweep() == 0


def test_rows_backing_off_do_not_hold_back_newer_ones(alpha, published, settings):
    """The sweep's batch holds only rows due now: older rows still backing off after a
    failure (more of them than the batch) never keep a newer row waiting."""
    parts, form = published
    settings.FORM_SWEEP_AFTER_SECONDS = 0
    browser = pages()
    for n in range(4):
        response = browser.post(
            form["publicPath"], _fields(parts, _page(browser, form)[1], email=f"p{n}@mail.example")
        )
        assert response.status_code == 303
    with in_schema(alpha):
        *older, newest = FormSubmission.objects.order_by("created_at", "pk")
        just_failed = timezone.now()
        FormSubmission.objects.filter(pk__in=[r.pk for r in older]).update(
            attempts=1, last_attempt_at=just_failed
        )
        assert submissions_sweep(limit=2) == 1
        newest.refresh_from_db()
        assert newest.processed_at is not None
        assert FormSubmission.objects.filter(processed_at__isnull=True).count() == 3
        # once their back-off (30 s a failed attempt) is over, they are due again
        FormSubmission.objects.filter(pk__in=[r.pk for r in older]).update(
            last_attempt_at=just_failed - timedelta(seconds=31)
        )
        assert submissions_sweep(limit=2) == 2


def test_one_drain_takes_the_new_rows_once(alpha, published, monkeypatch):
    """A submit wakes the client's drain unless one is on its way (its mark in Redis,
    cleared as the drain starts; a publish that fails clears it too). The drain takes the
    rows never tried, oldest first, each once, and leaves a failed row to the sweep."""
    from marketing.forms.services import submissions

    sent = []

    def send(name, kwargs, headers):
        sent.append((name, headers["_schema_name"]))

    monkeypatch.setattr(submissions, "task_send", send)
    parts, form = published
    browser = pages()
    for n in range(3):
        browser.post(
            form["publicPath"], _fields(parts, _page(browser, form)[1], email=f"d{n}@mail.example")
        )
    with in_schema(alpha):
        assert submissions.submissions_drain_wake() and submissions.submissions_drain_wake()
        assert sent == [("forms.submissions_drain", alpha.client.schema_name)]
        failed, *new = FormSubmission.objects.order_by("created_at", "pk")
        FormSubmission.objects.filter(pk=failed.pk).update(attempts=1)
        assert submissions.submissions_drain() == (2, False)
        assert submissions.submissions_drain() == (0, False)
        assert FormSubmission.objects.filter(processed_at__isnull=False).count() == 2
        assert Delivery.objects.filter(email__in=[r.email for r in new]).count() == 2
        assert FormSubmission.objects.get(pk=failed.pk).processed_at is None
        assert submissions.submissions_drain_wake() and len(sent) == 2  # the mark was cleared

        def refused(name, kwargs, headers):
            raise OSError("broker down")

        submissions.submissions_drain()
        monkeypatch.setattr(submissions, "task_send", refused)
        assert submissions.submissions_drain_wake() is False
        monkeypatch.setattr(submissions, "task_send", send)
        assert submissions.submissions_drain_wake() and len(sent) == 3


def test_another_clients_path_knows_no_such_form(alpha, beta, published):
    """On the pages host a page's client is its path's first segment: beta's prefix with
    alpha's form key, or alpha's confirmation token, is nothing."""
    parts, form = published
    browser = pages()
    beta_path = form["publicPath"].replace(
        f"/{alpha.client.schema_name}/", f"/{beta.client.schema_name}/"
    )
    assert beta_path != form["publicPath"]
    assert browser.get(beta_path).status_code == 404
    fields = _fields(parts, _page(browser, form)[1])
    assert browser.post(beta_path, fields).status_code == 404
    with in_schema(alpha):
        version = FormVersion.objects.get(form_id=form["id"])
        row_id = FormSubmission.objects.create(
            form_id=form["id"], version=version, email="x@mail.example"
        ).pk
        link = confirm_link(row_id)
    path = link[link.index("/pf/") :]
    assert browser.get(f"/{beta.client.schema_name}{path}").status_code == 400
    assert browser.post(f"/{beta.client.schema_name}{path}").status_code == 400
    assert browser.get(f"/no-such-client{path}").status_code == 404
    with in_schema(alpha):
        assert FormSubmission.objects.get(pk=row_id).confirmed_at is None
    assert connection.schema_name == "public"


def test_a_persons_view_of_the_page_is_counted_for_the_report(alpha, published):
    """A GET counts one view of the day and source page; a HEAD, a crawler's or an HTTP
    library's fetch and a submit do not."""
    from marketing.forms.models import FormViewDay

    _, form = published
    browser = pages()
    person = {"HTTP_USER_AGENT": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0"}
    assert browser.get(form["publicPath"], {"source": "https://shop.example/join?x=1"},
                       **person).status_code == 200  # fmt: skip
    assert browser.get(form["publicPath"], **person).status_code == 200
    assert browser.head(form["publicPath"], **person).status_code == 200
    assert browser.get(form["publicPath"], HTTP_USER_AGENT="curl/8.5.0").status_code == 200
    assert browser.get(form["publicPath"]).status_code == 200  # no user agent at all
    with in_schema(alpha):
        days = FormViewDay.objects.filter(form_id=form["id"])
        assert sum(day.views for day in days) == 2
        assert {day.source_page for day in days} == {"https://shop.example/join", ""}
