"""Security issue 8: no state change on GET, anywhere. Every GET operation of the OpenAPI
schema is crawled as each role, with its query parameters left out and then with
plausible values, and no table of the public schema or of a client schema (alpha, beta)
may change: per table its row count, a checksum of its `updated_at` column where it has
one, and a checksum of its whole rows (most tables have no `updated_at`).

The one sanctioned exception is `GET /api/getStatus?payload=`: redeeming a parent-suite
payload is the single-use sign-in exchange (it writes the session, a token and possibly
the person and their membership), so getStatus is crawled without `payload`.

Every role signs in before the first snapshot (tests/support/role_tokens.py), so Django's
session table, which only a sign-in writes, is checked like any other table."""

import re

import pytest
from django.db import connection
from django.utils import timezone

from config.api import api
from config.operation_gates import OPERATION_GATES
from marketing.audience.job_kinds import JobKind
from marketing.audience.models import (
    DomainType,
    FieldType,
    Group,
    GroupCategory,
    ImportKind,
    ManagedDomain,
    Profile,
    ProfileField,
    ProfileGroup,
    ProfileImport,
    ProfileTag,
    Rep,
    Tag,
    Unsubscribe,
)
from marketing.bi.models import BiSegment
from marketing.campaigns.models import Campaign, CampaignType
from marketing.commerce.models import CheckoutForm
from marketing.content.models import CampaignFooter, CampaignHeader, Template, TemplateFolder
from marketing.content.services.previews import preview_link_make
from marketing.delivery.models import UpdatePreferences
from marketing.delivery.tokens import PREFERENCES, UNSUBSCRIBE, recipient_token
from marketing.files.models import FileFolder, StoredFile
from marketing.forms.models import (
    Disclaimer,
    DisclaimerVersion,
    Form,
    FormSubmission,
    FormTheme,
    FormVersion,
    OptOutForm,
)
from marketing.jobs.kinds import job_kind_values
from marketing.jobs.models import BackgroundJob, JobStatus
from marketing.segments.models import Segment
from marketing.senders.models import Sender, SenderDomain
from marketing.senders.services.activation import activation_token
from marketing.sites.models import LandingPage, PageVersion
from marketing.workflows.models import Enrollment, Workflow, WorkflowVersion
from marketing.workflows.summary.figures import period_figures
from marketing.workflows.summary.links import summary_token
from marketing.workflows.summary.models import SummaryDigest
from marketing.workflows.summary.services import summary_create
from tenants.models import ApiToken
from tenants.plan_limits import Module
from tests.support.http_api import bearer, http
from tests.support.role_tokens import role_tokens_fixture  # noqa: F401 - fixture
from tests.support.tenants import in_schema

ROLES = ("anonymous", "admin", "user", "no_mkm", "superadmin")
SCHEMAS = ("public", "alpha", "beta")
MISSING_ID = 999999

# Columns left out of the whole-row checksum, each for a reason. Nothing else is left out:
# every table of the three schemas is counted and checksummed.
SLIDING_COLUMNS = {
    # A bearer token's expiry slides forward on use (tenants/tokens.py: at most once a
    # minute), like a session's last activity: reading with a token may move it. It is
    # neither a row count nor an updated_at, and nothing else of the row may change.
    ("public", ApiToken._meta.db_table): {"expires_at"},
}
# Query parameters the crawl does not send, each for a reason.
NOT_CRAWLED = {
    # The single-use sign-in exchange: the one GET allowed to change state (see above).
    ("getStatus", "payload"),
}


def _get_operations() -> list[dict]:
    schema = api.get_openapi_schema(path_prefix="/api/")
    found = []
    for path, methods in schema["paths"].items():
        if "get" not in methods:
            continue
        operation = methods["get"]
        parameters = operation.get("parameters", [])
        found.append(
            {
                "id": operation["operationId"],
                "path": path,
                "path_params": [p["name"] for p in parameters if p["in"] == "path"],
                "query": {p["name"]: p["schema"] for p in parameters if p["in"] == "query"},
                "components": schema.get("components", {}).get("schemas", {}),
            }
        )
    return sorted(found, key=lambda operation: operation["id"])


GET_OPERATIONS = _get_operations()


# --- seeded data ---------------------------------------------------------------------------


@pytest.fixture
def seeded(alpha, settings, tmp_path) -> dict[str, int]:
    """Something for every GET of alpha to read; the ids the crawl fills paths with."""
    settings.MEDIA_ROOT = str(tmp_path)
    errors = tmp_path / "alpha" / "imports" / "errors.csv"
    errors.parent.mkdir(parents=True)
    errors.write_text("email,error\nbad,Invalid email\n")
    export = tmp_path / "alpha" / "exports" / "profiles.csv"
    export.parent.mkdir(parents=True)
    export.write_text("email\ncrawl@x.example\n")
    thumbnail = tmp_path / "alpha" / "thumbnails" / "crawl.png"
    thumbnail.parent.mkdir(parents=True)
    thumbnail.write_bytes(b"\x89PNG\r\n\x1a\n")
    with in_schema(alpha):
        category = GroupCategory.objects.create(name="Crawl category")
        group = Group.objects.create(name="Crawl group", category=category)
        tag = Tag.objects.create(name="Crawl tag")
        rep = Rep.objects.create(email="rep@alpha.example", first_name="Rae")
        ProfileField.objects.create(label="Crawl field", key="crawl", field_type=FieldType.TEXT)
        ManagedDomain.objects.create(domain="crawl.example", domain_type=DomainType.SUPPRESSED)
        profile = Profile.objects.create(
            email="crawl@x.example", first_name="Crawl", rep=rep, custom={"crawl": "yes"}
        )
        ProfileGroup.objects.create(profile=profile, group=group)
        ProfileTag.objects.create(profile=profile, tag=tag)
        gone = Profile.objects.create(email="gone@x.example", unsubscribed_at=timezone.now())
        ProfileGroup.objects.create(profile=gone, group=group)
        Unsubscribe.objects.create(email=gone.email, profile=gone, source="crawl")
        job = BackgroundJob.objects.create(
            kind=JobKind.PROFILE_EXPORT,
            status=JobStatus.COMPLETED,
            operation_key="crawl:export",
            title="Export Profiles",
            total=1,
            processed=1,
            file_path="alpha/exports/profiles.csv",
            started_by_id=alpha.user.pk,
        )
        record = ProfileImport.objects.create(
            kind=ImportKind.SUBSCRIBERS,
            file_name="people.csv",
            file_path="alpha/imports/people.csv",
            file_sha256="0" * 64,
            headers=["email"],
            rows_total=2,
            rows_invalid=1,
            errors_path="alpha/imports/errors.csv",
            created_by_id=alpha.user.pk,
        )
        segment = Segment.objects.create(
            name="Crawl segment",
            segment_type="dynamic",
            rules={
                "type": "and",
                "rules": [{"type": "groups", "operator": "in", "ids": [group.pk]}],
            },
            website_ids=[7],
        )
        file_folder = FileFolder.objects.create(name="Crawl folder")
        stored_file = StoredFile.objects.create(
            name="crawl.png",
            folder=file_folder,
            content_type="image/png",
            size=68,
            width=1,
            height=1,
            storage_name="alpha/files/crawl/crawl.png",
        )
        template_folder = TemplateFolder.objects.create(name="Crawl", folder_type="designer")
        template = Template.objects.create(
            name="Crawl template",
            template_type="designer",  # the first type the crawl sends
            folder=template_folder,
            subject="Hi <% firstName %>",
            html="<p>Hi <% firstName %></p>",
            thumbnail_key="alpha/thumbnails/crawl.png",
            thumbnail_version=1,
        )
        header = CampaignHeader.objects.create(name="Crawl header", html="<p>h</p>")
        campaign_type = CampaignType.objects.get(name="General")
        campaign = Campaign.objects.create(
            name="Crawl campaign",
            campaign_type=campaign_type,
            group_ids=[group.pk],
            template_id=template.pk,
            header_id=header.pk,
        )
        footer = CampaignFooter.objects.create(name="Crawl footer", html="<p>f</p>")
        preview_token = preview_link_make(template).partition("token=")[2]
        opt_out_token = recipient_token(
            UNSUBSCRIBE, schema="alpha", profile_id=profile.pk, send_id=1
        )
        preferences_token = recipient_token(
            PREFERENCES, schema="alpha", profile_id=profile.pk, send_id=1
        )
        update_preferences = UpdatePreferences.objects.get(is_default=True).pk
        SenderDomain.objects.create(name="shop.test", verification_token="c" * 32)
        sender = Sender.objects.create(
            name="Crawl sender", email="crawl@shop.test", domain="shop.test", activation_nonce="n"
        )
        activation = activation_token(sender)
        workflow = Workflow.objects.create(
            name="Crawl workflow",
            draft_definition={
                "trigger": {"kind": "tagAdded", "tagId": tag.pk},
                "start": "s1",
                "steps": [{"id": "s1", "type": "end"}],
            },
        )
        version = WorkflowVersion.objects.create(
            workflow=workflow, number=1, definition=workflow.draft_definition
        )
        Workflow.objects.filter(pk=workflow.pk).update(published_version=version)
        Enrollment.objects.create(
            workflow=workflow, version=version, profile_id=profile.pk, step_id="s1",
            due_at=timezone.now(), occurrence="crawl",
        )  # fmt: skip
        summary = summary_create(
            {
                "name": "Crawl summary",
                "description": "Crawl figures",
                "frequency": "Day",
                "period": "today",
                "recipients": ["crawl@agency.example"],
            },
            user_id=None,
        )
        now = timezone.now()
        digest = SummaryDigest.objects.create(
            notification=summary, due_at=now, period="today", period_start=now,
            period_end=now, subject="Crawl digest", recipients=["crawl@agency.example"],
            figures=period_figures(now, now),
        )  # fmt: skip
        summary_data_token = summary_token(digest)
        # a free-text question (a custom field) for the survey report's answers
        question = {"key": "custom.crawl", "type": "text", "label": "Crawl"}
        form = Form.objects.create(
            name="Crawl form",
            form_type="sspForm",
            definition={"sections": [{"id": "s1", "title": "", "fields": [question]}]},
        )
        FormSubmission.objects.create(
            form=form,
            version=FormVersion.objects.create(form=form, number=1, definition={}),
            email="crawl@x.example",
        )
        form_theme = FormTheme.objects.create(name="Crawl theme")
        disclaimer = Disclaimer.objects.create(name="Crawl disclaimer")
        DisclaimerVersion.objects.create(disclaimer=disclaimer, number=1, text="I agree")
        optout_form = OptOutForm.objects.get(is_default=True).pk  # every client has one
        checkout_form = CheckoutForm.objects.create(name="Crawl checkout", kind="subscription")
        landing_page = LandingPage.objects.create(name="Crawl page", page_type="LP", slug="crawl")
        page_version = PageVersion.objects.create(page=landing_page, number=1)
        LandingPage.objects.filter(pk=landing_page.pk).update(current_version=page_version)
    # Checkout forms and the shop's lists exist only with subscriptions on (spec 1).
    alpha.client.subscriptions_enabled = True
    alpha.client.save(update_fields=["subscriptions_enabled"])
    bi_segment = BiSegment.objects.create(
        name="Crawl BI segment",
        rules={"type": "and", "rules": [{"type": "csb", "value": True}]},
    )
    return {
        "profile": profile.pk,
        "group": group.pk,
        "tag": tag.pk,
        "category": category.pk,
        "job": job.pk,
        "import": record.pk,
        "segment": segment.pk,
        "bi_segment": bi_segment.pk,
        "file_folder": file_folder.pk,
        "file": stored_file.pk,
        "template_folder": template_folder.pk,
        "template": template.pk,
        "header": header.pk,
        "footer": footer.pk,
        "campaign": campaign.pk,
        "campaign_type": campaign_type.pk,
        "preview_token": preview_token,
        "opt_out_token": opt_out_token,
        "preferences_token": preferences_token,
        "update_preferences": update_preferences,
        "activation_token": activation,
        "workflow": workflow.pk,
        "summary_notification": summary.pk,
        "summary_data_token": summary_data_token,
        "form": form.pk,
        "form_theme": form_theme.pk,
        "disclaimer": disclaimer.pk,
        "optout_form": optout_form,
        "checkout_form": checkout_form.pk,
        "landing_page": landing_page.pk,
        "page_version": page_version.pk,
    }


# Path parameters filled with a seeded id; any other gets MISSING_ID.
PATH_IDS = {
    "profile_id": "profile",
    "job_id": "job",
    "import_id": "import",
    "segment_id": "segment",
    "bi_segment_id": "bi_segment",
    "file_id": "file",
    "template_id": "template",
    "header_id": "header",
    "campaign_id": "campaign",
    "type_id": "campaign_type",
    "footer_id": "footer",
    "up_id": "update_preferences",
    "workflow_id": "workflow",
    "notification_id": "summary_notification",
    "form_id": "form",
    "theme_id": "form_theme",
    "disclaimer_id": "disclaimer",
    "page_id": "landing_page",
    "version_id": "page_version",
}
# Where one operation's path parameter names another object than the name says elsewhere.
PATH_IDS_OF = {
    ("optOutFormGet", "form_id"): "optout_form",
    ("checkoutFormGet", "form_id"): "checkout_form",
}


# --- plausible query values ----------------------------------------------------------------


def _enum_of(schema: dict, components: dict) -> list | None:
    if "enum" in schema:
        return list(schema["enum"])
    for option in schema.get("anyOf", []):
        if "$ref" in option:
            found = components[option["$ref"].rsplit("/", 1)[-1]].get("enum")
            if found:
                return list(found)
        elif "enum" in option:
            return list(option["enum"])
    return None


def _plausible(operation: dict, name: str, schema: dict, ids: dict[str, int]) -> list:
    """Values worth sending for one query parameter, from its schema or its meaning."""
    by_operation = {
        ("importList", "kind"): list(ImportKind.values),
        ("jobList", "kind"): job_kind_values(),
        ("jobList", "status"): list(JobStatus.values),
        ("checkPlanLimit", "moduleName"): [module.value for module in Module],
        ("getFields", "fieldTypes"): [",".join(FieldType.values), *FieldType.values],
        ("fileList", "folderId"): [ids.get("file_folder", 1)],
        ("fileList", "allFolders"): [False, True],
        ("checkHeaderAssociatedCampaigns", "id"): [ids.get("header", 1)],
        ("checkFooterAssociatedCampaigns", "id"): [ids.get("footer", 1)],
        ("externalPreviewTemplate", "token"): [ids.get("preview_token", "x"), "forged"],
        ("optOutGet", "token"): [ids.get("opt_out_token", "x"), "forged"],
        ("preferencesGet", "token"): [ids.get("preferences_token", "x"), "forged"],
        ("senderActivationGet", "token"): [ids.get("activation_token", "x"), "forged"],
        # refused before any request leaves: a loopback address (core/outbound.py)
        ("getRSSXML", "rssFeedUrl"): ["http://127.0.0.1:9/rss", "not a url"],
        # the seeded folder's type: a folder asked for under another type is not found
        ("getTemplateFolders", "type"): ["designer"],
        ("getTemplateFolders", "folderId"): [ids.get("template_folder", 1)],
        ("getTemplateFolders", "folderPath"): ["/Crawl"],
        ("getTemplateFolders", "source"): ["mm"],
        ("templateList", "folderId"): [ids.get("template_folder", 1)],
        ("templatePreview", "profileId"): [ids.get("profile", 1)],
        ("campaignList", "campaignTypeId"): [ids.get("campaign_type", 1)],
        ("campaignList", "createdFrom"): ["2001-03-01T00:00:00"],
        ("campaignList", "createdTo"): ["2999-12-31T00:00:00"],
        # the super-admins' campaign reports: a window of days, a number of campaigns
        ("performanceReport", "days"): [30, 1, 366],
        ("scheduleSummary", "days"): [7, 366],
        ("recentcampaigns", "limit"): [20, 1, 100],
        # workflows (issue 25): a version number, a profile, a window of days
        ("workflowStepCounts", "version"): [1, 2],
        ("profileWorkflowHistory", "workflowId"): [ids.get("workflow", 1)],
        ("workflowTest", "profileId"): [ids.get("profile", 1)],
        ("workflowAnalytics", "viewId"): [9996],
        ("enrollmentDashboard", "days"): [30, 1, 3650],
        # summary notifications: the seeded schedule's digests, its signed page
        ("summaryNotificationCampaignList", "notificationId"): [ids.get("summary_notification", 1)],
        # forms (issue 26): a range within the 366 days a report covers, the seeded
        # form's free-text question, the unsubscribe page's recipient token
        ("formConversions", "dateFrom"): ["2001-03-01"],
        ("formConversions", "dateTo"): ["2001-03-01", "2002-02-28"],
        ("formSurveyAnswers", "question"): ["custom.crawl"],
        ("optOutPageGet", "token"): [ids.get("opt_out_token", "x"), "forged"],
        ("externalSummaryNotificationData", "token"): [
            ids.get("summary_data_token", "x"),
            "forged",
        ],
    }
    by_name = {
        "page": [1, 2],
        "pageSize": [10, 20, 30],
        "search": ["crawl", "@x.example", "Crawl c"],
        "groupId": [ids["group"]],
        "tagId": [ids["tag"]],
        "categoryId": [ids["category"]],
        # the Activity screen (audit trail)
        "actorId": [1],
        "dateFrom": ["2001-03-01"],
        "dateTo": ["2001-03-01", "2999-12-31"],
    }
    chosen = by_operation.get((operation["id"], name))
    if chosen:
        return chosen
    return _enum_of(schema, operation["components"]) or by_name.get(name) or []


def test_every_get_query_parameter_is_crawled_with_plausible_values():
    """A query parameter added later needs plausible values here (or a reason not to be
    sent), or this fails."""
    fake_ids = dict.fromkeys(("group", "tag", "category"), 1)
    missing = [
        (operation["id"], name)
        for operation in GET_OPERATIONS
        for name, schema in operation["query"].items()
        if (operation["id"], name) not in NOT_CRAWLED
        and not _plausible(operation, name, schema, fake_ids)
    ]
    assert missing == []
    assert {operation["id"] for operation in GET_OPERATIONS} >= {"getStatus", "profileList"}


def _queries(operation: dict, ids: dict[str, int]) -> list[dict]:
    """No query parameter at all; every one at its first plausible value; then each
    parameter through its other values with the rest at their first."""
    values = {
        name: _plausible(operation, name, schema, ids)
        for name, schema in operation["query"].items()
        if (operation["id"], name) not in NOT_CRAWLED
    }
    if not values:
        return [{}]
    first = {name: options[0] for name, options in values.items()}
    queries = [{}, first]
    for name, options in values.items():
        queries += [{**first, name: option} for option in options[1:]]
    return queries


# --- snapshots -----------------------------------------------------------------------------


_tables: dict[tuple[str, str], list[str]] = {}


def _tables_and_columns() -> dict[tuple[str, str], list[str]]:
    """{(schema, table): columns} of every base table of SCHEMAS (read once: no test here
    adds a table)."""
    if not _tables:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT c.table_schema, c.table_name, c.column_name "
                "FROM information_schema.columns c JOIN information_schema.tables t "
                "ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
                "WHERE c.table_schema = ANY(%s) AND t.table_type = 'BASE TABLE' "
                "ORDER BY c.table_schema, c.table_name, c.ordinal_position",
                [list(SCHEMAS)],
            )
            for schema, table, column in cursor.fetchall():
                _tables.setdefault((schema, table), []).append(column)
    return _tables


def _quoted(name: str) -> str:
    return connection.ops.quote_name(name)


def _table_state_sql(schema: str, table: str, columns: list[str]) -> str:
    kept = [c for c in columns if c not in SLIDING_COLUMNS.get((schema, table), set())]
    updated_at = (
        "md5(coalesce(string_agg(updated_at::text, ',' ORDER BY updated_at), ''))"
        if "updated_at" in columns
        else "NULL"
    )
    return (
        f"SELECT %s, %s, count(*), {updated_at}, "
        "md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) "
        f"FROM (SELECT {', '.join(map(_quoted, kept))} "
        f"FROM {_quoted(schema)}.{_quoted(table)}) r"
    )


def snapshot() -> dict[tuple[str, str], tuple]:
    """{(schema, table): (row count, checksum of updated_at or None, checksum of rows)},
    read in one statement."""
    tables = _tables_and_columns()
    sql = " UNION ALL ".join(
        _table_state_sql(schema, table, columns) for (schema, table), columns in tables.items()
    )
    names = [name for key in tables for name in key]
    with connection.cursor() as cursor:
        cursor.execute(sql, names)
        state = {(schema, table): rest for schema, table, *rest in cursor.fetchall()}
    assert set(state) == set(tables)
    return {key: tuple(value) for key, value in state.items()}


def test_snapshot_covers_every_schema_and_sees_a_change(alpha, seeded):
    """The snapshot is worth trusting: it reads the three schemas, the updated_at of the
    tables that have one, and notices an update that changes neither."""
    before = snapshot()
    assert {schema for schema, _ in before} == set(SCHEMAS)
    profiles = ("alpha", Profile._meta.db_table)
    assert before[profiles][1] is not None and before[("alpha", Tag._meta.db_table)][1] is None
    with in_schema(alpha):
        Tag.objects.filter(pk=seeded["tag"]).update(name="Renamed")
    after = snapshot()
    assert [key for key in before if before[key] != after[key]] == [("alpha", Tag._meta.db_table)]
    with in_schema(alpha):
        Profile.objects.filter(pk=seeded["profile"]).update(updated_at=timezone.now())
    assert snapshot()[profiles][1] != after[profiles][1]


# --- the crawl -----------------------------------------------------------------------------


def _path(operation: dict, ids: dict[str, int]) -> str:
    def fill(match):
        name = match.group(1)
        seeded_as = PATH_IDS_OF.get((operation["id"], name)) or PATH_IDS.get(name)
        return str(ids[seeded_as] if seeded_as else MISSING_ID)

    return re.sub(r"\{(?:[^}:]+:)?([^}]+)\}", fill, operation["path"])


# GETs that fetch a URL from outside: the crawl offers only addresses the safe fetcher
# refuses before any request leaves (core/outbound.py), so members get 400, not 200.
FETCHES_OUTSIDE = {"getRSSXML"}


def _crawl(host: str, path: str, operation: dict, ids: dict, role_tokens: dict, role: str):
    """[(query, status)] of every query of `operation` sent as `role`; none may answer 500."""
    headers = bearer(role_tokens[role]) if role != "anonymous" else {}
    answers = []
    for query in _queries(operation, ids):
        response = http(host).get(path, query, **headers)
        answers.append((query, response.status_code))
        assert response.status_code < 500, (role, query, response.content)
    return answers


def _assert_read_as_meant(operation: dict, role: str, answers: list) -> None:
    """The crawl read what it was meant to: refused where the role may not read, and with
    plausible values an answer for everyone else (the user made the seeded import and
    export, so every seeded id is theirs to read)."""
    with_values = [status for query, status in answers if query]
    if OPERATION_GATES[operation["id"]].public and "token" in operation["query"]:
        # Public reads (a preview link, an opt-out page) answer whoever holds a good token,
        # signed in or not, and refuse a forged one.
        assert {status for _, status in answers[1:]} == {200, 400}, (role, answers)
        return
    if operation["id"] in FETCHES_OUTSIDE:
        expected = 400 if role in ("admin", "user", "superadmin") else None
        if expected is not None:
            assert set(with_values) == {expected}, (role, answers)
            return
    if role == "anonymous":
        expected = 401
    elif role == "no_mkm" and operation["id"] != "getStatus":
        expected = 403
    elif role == "user" and OPERATION_GATES[operation["id"]].admin_only:
        expected = 403  # an admin's screen (the Activity trail)
    elif role == "user" and OPERATION_GATES[operation["id"]].action_type:
        expected = 403  # an action type users have only once an admin grants it
    elif role != "superadmin" and OPERATION_GATES[operation["id"]].superadmin_only:
        expected = 403  # a super-admin's screen (BI segments)
    else:
        expected = 200
    assert set(with_values or [answers[0][1]]) == {expected}, (role, answers)


# One case per operation, every role crawling it in turn between the same two snapshots:
# one seeding and two snapshots of every table per operation instead of per operation and
# role (docs/performance-log.md, Test suites). A change fails the case whichever role made
# it; the answers of every role are in the message.
@pytest.mark.parametrize("operation", GET_OPERATIONS, ids=[op["id"] for op in GET_OPERATIONS])
def test_get_changes_no_table(alpha, seeded, role_tokens, operation):
    path = _path(operation, seeded)
    before = snapshot()
    answers = {
        role: _crawl(alpha.host, path, operation, seeded, role_tokens, role) for role in ROLES
    }
    changed = {key: (before[key], now) for key, now in snapshot().items() if before[key] != now}
    assert changed == {}, answers
    for role in ROLES:
        _assert_read_as_meant(operation, role, answers[role])
