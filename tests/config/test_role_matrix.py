"""Security issue 8: every action type enforced server-side, one case per operation and
role, generated from the OpenAPI schema and the one gate table (config/operation_gates.py).

An operation added later without an entry in OPERATION_GATES fails here (and stops the app
at start); an entry fails here when its operation is gone. Each operation is called with
ids of 999999 and an empty or invalid body: the gate runs before the body is read, so the
status says what the gate decided whatever was sent. The choices that carry an action type
of their own (a bulk action, an import kind) are proved one by one, with real data."""

import base64
import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from config.api import api, public_api
from config.operation_gates import (
    IMPORT_KIND_ACTION_TYPES,
    JOB_KIND_GATES,
    OPERATION_GATES,
    PROFILE_BULK_ACTION_TYPES,
)
from marketing.audience.models import (
    Group,
    ImportKind,
    Profile,
    ProfileGroup,
    ProfileImport,
    ProfileTag,
    Tag,
    Unsubscribe,
)
from marketing.audience.services.imports.headers import EMAIL
from marketing.audience.services.profiles import BULK_ACTIONS
from marketing.jobs.kinds import job_kind_values
from marketing.jobs.models import BackgroundJob, JobStatus
from tenants.access import ActionType, Gate
from tenants.messages import ACCESS_DENIED, NO_MKM_ACCESS
from tests.support.http_api import bearer, http
from tests.support.role_tokens import role_tokens_fixture  # noqa: F401 - fixture
from tests.support.tenants import in_schema

MISSING_ID = "999999"
SIGN_IN_REQUIRED = "Please sign in."
ROLES = ("anonymous", "admin", "user", "no_mkm", "superadmin")
# A USER after an admin granted the gate's action type to users (updateAccessControl).
GRANTED_USER = "user_granted"
# Bodies a caller may send that no handler accepts as they are: the gate decides first.
BODIES = {"empty": "", "emptyObject": "{}"}
# Public operations whose handler (not the gate) answers these statuses by design.
PUBLIC_HANDLER_ANSWERS = {
    # No session: the status call answers 401 itself (tests/tenants/test_status.py).
    ("getStatus", "anonymous"): 401,
}


def _schema_operations(schema: dict) -> list[tuple[str, str, str]]:
    """(operation id, method, path with every path parameter set to MISSING_ID)."""
    return sorted(
        (operation["operationId"], method, re.sub(r"\{[^}]+\}", MISSING_ID, path))
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    )


OPERATIONS = _schema_operations(api.get_openapi_schema(path_prefix="/api/"))
PUBLIC_HOST_OPERATIONS = _schema_operations(public_api.get_openapi_schema(path_prefix="/api/"))
# The schema the front end's client is generated from (scripts/test.sh checks it is fresh).
FRONTEND_SCHEMA = Path(__file__).resolve().parents[2] / "frontend" / "openapi.json"


# Spec 7's own names as it writes them (capitalised or all lower case); every other id is
# camelCase: a letter, then letters and digits, no underscore.
SPEC_NAMES_AS_WRITTEN = {"UpdateCurrentWebsiteID", "fetchemailstats", "formCategory", "formTags"}


def test_every_operation_id_is_a_spec_name_or_camel_case():
    ids = {operation_id for operation_id, _, _ in OPERATIONS + PUBLIC_HOST_OPERATIONS}
    assert not [
        operation_id
        for operation_id in ids - SPEC_NAMES_AS_WRITTEN
        if not re.fullmatch(r"[a-z][a-zA-Z0-9]*", operation_id)
    ]


def test_every_job_file_gate_names_a_registered_job_kind():
    """A gate under a name no app registers gates nothing (and hides a typo)."""
    assert set(JOB_KIND_GATES) - set(job_kind_values()) == set()


def test_every_operation_has_a_gate_and_every_gate_an_operation():
    operation_ids = [operation_id for operation_id, _, _ in OPERATIONS]
    assert len(operation_ids) == len(set(operation_ids)), "operation ids must be unique"
    public_host_ids = {operation_id for operation_id, _, _ in PUBLIC_HOST_OPERATIONS}
    frontend_ids = {
        operation_id
        for operation_id, _, _ in _schema_operations(json.loads(FRONTEND_SCHEMA.read_text()))
    }
    every = set(operation_ids) | public_host_ids | frontend_ids
    assert sorted(every - set(OPERATION_GATES)) == [], "operations without an OPERATION_GATES entry"
    assert sorted(set(OPERATION_GATES) - every) == [], "OPERATION_GATES entries for no operation"
    assert all(isinstance(gate, Gate) for gate in OPERATION_GATES.values())
    # The gates name only real action types, and the choices only real choices.
    action_types = set(ActionType)
    for gate in OPERATION_GATES.values():
        assert gate.action_type is None or gate.action_type in action_types
        assert set(gate.by_choice.values()) <= action_types
    assert set(PROFILE_BULK_ACTION_TYPES) <= set(BULK_ACTIONS)
    assert set(IMPORT_KIND_ACTION_TYPES) <= set(ImportKind.values)


def _matrix_cases():
    for operation_id, method, path in OPERATIONS:
        gate = OPERATION_GATES.get(operation_id, Gate())  # a missing entry fails above
        roles = list(ROLES)
        if gate.action_type:
            roles.append(GRANTED_USER)
        bodies = ["none"] if method == "get" else list(BODIES)
        for role in roles:
            for body in bodies:
                yield pytest.param(
                    operation_id, method, path, role, body, id=f"{operation_id}-{role}-{body}"
                )


def _token_as(tenant, role: str, role_tokens: dict, action_type: str | None) -> str | None:
    """The bearer token `role` calls with; a granted USER is given `action_type` first."""
    if role == "anonymous":
        return None
    if role == GRANTED_USER:
        _grant(tenant.host, role_tokens["admin"], action_type)
        return role_tokens["user"]
    return role_tokens[role]


def _gate_refusal(gate: Gate, role: str) -> tuple[int, str] | None:
    """The (status, message) the gate answers `role` with, or None when it lets it through."""
    if gate.public:
        return None
    if role == "anonymous":
        return 401, SIGN_IN_REQUIRED
    if role == "no_mkm" and gate.needs_mkm:
        return 403, NO_MKM_ACCESS
    if role == "superadmin":
        return None
    if gate.superadmin_only:
        return 403, ACCESS_DENIED
    if role == "admin":
        return None
    if gate.admin_only:
        return 403, ACCESS_DENIED
    if gate.action_type and role in ("user", "no_mkm"):
        return 403, ACCESS_DENIED
    return None


def _grant(host: str, admin_token: str, action_type: str) -> None:
    """An admin gives the USER role `action_type` (in this test's transaction)."""
    response = http(host).post(
        "/api/updateAccessControl",
        {"action": action_type, "userAccess": True},
        content_type="application/json",
        **bearer(admin_token),
    )
    assert response.status_code == 200, response.content


def _call(host: str, method: str, path: str, token: str | None, body: str | None = None):
    headers = bearer(token) if token else {}
    browser = http(host)
    if method == "get":
        return browser.get(path, **headers)
    return getattr(browser, method)(path, body or "", content_type="application/json", **headers)


@pytest.mark.parametrize("operation_id,method,path,role,body", list(_matrix_cases()))
def test_gate_per_operation_and_role(alpha, role_tokens, operation_id, method, path, role, body):
    gate = OPERATION_GATES[operation_id]
    token = _token_as(alpha, role, role_tokens, gate.action_type)
    response = _call(alpha.host, method, path, token, BODIES.get(body))
    status = response.status_code
    assert status < 500, response.content
    refusal = _gate_refusal(gate, role)
    if refusal is not None:
        assert (status, response.json()["message"]) == refusal
    elif gate.public and (operation_id, role) in PUBLIC_HANDLER_ANSWERS:
        assert status == PUBLIC_HANDLER_ANSWERS[(operation_id, role)]
    else:
        assert status not in (401, 403), response.content


# --- choices with an action type of their own ----------------------------------------------
# profileBulkAction's `action`, an import's `kind` (at upload, and for the calls on the
# import it made), and the kind of the job whose file downloadBase64 hands out.


@pytest.fixture
def media(settings, tmp_path):
    """Uploads, reports and job files go to a folder of this test's own."""
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


def _choice_cases(choices, choice_types):
    """(choice, role) for every choice: the roles of the matrix, plus a USER granted the
    choice's action type when it has one."""
    for choice in choices:
        roles = list(ROLES)
        if choice_types.get(choice):
            roles.append(GRANTED_USER)
        for role in roles:
            yield pytest.param(choice, role, id=f"{choice}-{role}")


def _choice_refusal(operation_id: str, action_type: str | None, role: str, choice_gate=None):
    """The operation's own gate first, then the part the choice adds: its action type
    (`authorize_choice`), or a whole gate of its own."""
    choice_gate = choice_gate or Gate(action_type=action_type)
    return _gate_refusal(OPERATION_GATES[operation_id], role) or _gate_refusal(choice_gate, role)


def _assert_refused(response, refusal) -> None:
    assert (response.status_code, response.json()["message"]) == refusal, response.content


@pytest.fixture
def audience(alpha) -> dict[str, int]:
    """A profile (in the default newsletter group, as every profile is in one), another
    group and a tag of alpha's: their ids."""
    with in_schema(alpha):
        profile = Profile.objects.create(email="matrix@x.example")
        ProfileGroup.objects.create(
            profile=profile, group=Group.objects.get(default_key="newsletter")
        )
        return {
            "profile": profile.pk,
            "group": Group.objects.create(name="Matrix group").pk,
            "tag": Tag.objects.create(name="Matrix tag").pk,
        }


def _profile_state(tenant, profile_id: int) -> dict:
    """Everything a bulk action can change about one profile."""
    with in_schema(tenant):
        links = {"profile_id": profile_id}
        return {
            "row": Profile.objects.filter(pk=profile_id).values().get(),
            "groups": sorted(
                ProfileGroup.objects.filter(**links).values_list("group_id", flat=True)
            ),
            "tags": sorted(ProfileTag.objects.filter(**links).values_list("tag_id", flat=True)),
            "unsubscribes": Unsubscribe.objects.filter(**links).count(),
        }


def _prepare_for(tenant, action: str, ids: dict[str, int]) -> None:
    """Put the profile where `action` has something to do."""
    with in_schema(tenant):
        if action == "removeFromGroup":
            ProfileGroup.objects.create(profile_id=ids["profile"], group_id=ids["group"])
        elif action == "removeTag":
            ProfileTag.objects.create(profile_id=ids["profile"], tag_id=ids["tag"])
        elif action == "restore":
            Profile.objects.filter(pk=ids["profile"]).update(deleted_at=timezone.now())


@pytest.mark.parametrize(
    "action,role", list(_choice_cases(BULK_ACTIONS, PROFILE_BULK_ACTION_TYPES))
)
def test_profile_bulk_action_per_choice_and_role(alpha, role_tokens, audience, action, role):
    action_type = PROFILE_BULK_ACTION_TYPES.get(action)
    _prepare_for(alpha, action, audience)
    token = _token_as(alpha, role, role_tokens, action_type)
    before = _profile_state(alpha, audience["profile"])
    body = {
        "action": action,
        "profileIds": [audience["profile"]],
        "groupId": audience["group"],
        "tagId": audience["tag"],
    }
    response = _call(alpha.host, "post", "/api/mm/profiles/bulk", token, json.dumps(body))
    refusal = _choice_refusal("profileBulkAction", action_type, role)
    if refusal is not None:
        _assert_refused(response, refusal)
        assert _profile_state(alpha, audience["profile"]) == before
    else:
        assert response.status_code == 200, response.content
        assert response.json()["affected"] == 1
        assert _profile_state(alpha, audience["profile"]) != before


def _imports_state(tenant, media_root: Path) -> tuple[list, list]:
    with in_schema(tenant):
        records = list(ProfileImport.objects.order_by("pk").values("pk", "kind", "job_id"))
    return records, sorted(str(path) for path in media_root.rglob("*") if path.is_file())


@pytest.mark.parametrize(
    "kind,role", list(_choice_cases(ImportKind.values, IMPORT_KIND_ACTION_TYPES))
)
def test_import_upload_per_kind_and_role(alpha, role_tokens, media, kind, role):
    action_type = IMPORT_KIND_ACTION_TYPES.get(kind)
    token = _token_as(alpha, role, role_tokens, action_type)
    before = _imports_state(alpha, media)
    response = http(alpha.host).post(
        "/api/mm/imports",
        {"file": SimpleUploadedFile("people.csv", b"email\na@x.example\n"), "kind": kind},
        **(bearer(token) if token else {}),
    )
    refusal = _choice_refusal("importUpload", action_type, role)
    if refusal is not None:
        _assert_refused(response, refusal)
        assert _imports_state(alpha, media) == before  # no record, no file
    else:
        assert response.status_code == 201, response.content
        assert response.json()["kind"] == kind
        records, files = _imports_state(alpha, media)
        assert len(records) == len(before[0]) + 1 and len(files) == len(before[1]) + 1


# The calls on an import that exists: gated by the import's kind (and its starter or an
# admin; here the USER made it, so only the kind can refuse them). Method, path, success.
IMPORT_CALLS = {
    "importStart": ("post", "/api/mm/imports/{id}/start", 202),
    "importErrors": ("get", "/api/mm/imports/{id}/errors", 200),
    "importErrorsLink": ("post", "/api/mm/imports/{id}/errors/link", 200),
    "importInspection": ("get", "/api/mm/imports/{id}/inspection", 200),
}
# Every operation gated by the import kind: the upload (its kind is in the request) and
# the calls above (the kind of the import they name).
IMPORT_KIND_OPERATIONS = sorted(
    operation_id
    for operation_id, gate in OPERATION_GATES.items()
    if gate.by_choice is IMPORT_KIND_ACTION_TYPES
)


def test_every_import_kind_operation_is_proved_per_kind():
    """An operation added later with the import-kind gate needs a row in IMPORT_CALLS."""
    assert "importUpload" in IMPORT_KIND_OPERATIONS
    assert sorted(set(IMPORT_KIND_OPERATIONS) - set(IMPORT_CALLS) - {"importUpload"}) == []


def _import_call_cases():
    for operation_id in IMPORT_KIND_OPERATIONS:
        if operation_id == "importUpload" or operation_id not in IMPORT_CALLS:
            continue  # the upload has a test of its own; a missing row fails the test above
        for case in _choice_cases(ImportKind.values, IMPORT_KIND_ACTION_TYPES):
            kind, role = case.values
            yield pytest.param(operation_id, kind, role, id=f"{operation_id}-{case.id}")


@pytest.mark.parametrize("operation_id,kind,role", list(_import_call_cases()))
def test_calls_on_an_import_per_kind_and_role(alpha, role_tokens, media, operation_id, kind, role):
    assert operation_id in IMPORT_KIND_OPERATIONS
    with in_schema(alpha):
        errors = media / "alpha" / "imports" / "errors.csv"
        errors.parent.mkdir(parents=True)
        errors.write_text("email,error\nbad,Invalid email\n")
        record = ProfileImport.objects.create(
            kind=kind,
            file_name="people.csv",
            file_path="alpha/imports/people.csv",
            file_sha256="0" * 64,
            headers=["email"],
            rows_total=1,
            errors_path="alpha/imports/errors.csv",
            created_by_id=alpha.user.pk,
        )
    action_type = IMPORT_KIND_ACTION_TYPES.get(kind)
    token = _token_as(alpha, role, role_tokens, action_type)
    method, path, success = IMPORT_CALLS[operation_id]
    body = json.dumps({"mapping": {"0": EMAIL}}) if method == "post" else None
    response = _call(alpha.host, method, path.format(id=record.pk), token, body)
    refusal = _choice_refusal(operation_id, action_type, role)
    with in_schema(alpha):
        record.refresh_from_db()
        jobs = BackgroundJob.objects.count()
    if refusal is not None:
        _assert_refused(response, refusal)
        assert record.job_id is None and jobs == 0
    else:
        assert response.status_code == success, response.content
        assert (record.job_id is not None) == (operation_id == "importStart")


@pytest.mark.parametrize(
    "kind,role",
    list(
        _choice_cases(
            job_kind_values(), {kind: gate.action_type for kind, gate in JOB_KIND_GATES.items()}
        )
    ),
)
def test_download_of_a_job_file_per_job_kind_and_role(alpha, role_tokens, media, kind, role):
    """downloadBase64 hands out a job's file under the gate of the job's kind."""
    job_gate = JOB_KIND_GATES.get(kind, Gate())
    action_type = job_gate.action_type
    with in_schema(alpha):
        file = media / "alpha" / "exports" / "made.csv"
        file.parent.mkdir(parents=True)
        file.write_text("email\na@x.example\n")
        job = BackgroundJob.objects.create(
            kind=kind,
            status=JobStatus.COMPLETED,
            operation_key=f"matrix:{kind}",
            file_path="alpha/exports/made.csv",
            started_by_id=alpha.user.pk,
        )
    token = _token_as(alpha, role, role_tokens, action_type)
    response = _call(
        alpha.host, "post", "/api/downloadBase64", token, json.dumps({"filePath": f"jobs/{job.pk}"})
    )
    refusal = _choice_refusal("downloadBase64", action_type, role, job_gate)
    if refusal is not None:
        _assert_refused(response, refusal)
    else:
        assert response.status_code == 200, response.content
        assert base64.b64decode(response.json()["data"]) == b"email\na@x.example\n"
