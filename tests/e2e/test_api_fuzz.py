"""Schemathesis against the running app's own OpenAPI schema, as an admin of one client:
no generated input may produce a 500 or an answer outside the documented schema.

Every operation is fuzzed in both runs; how deep is FUZZ_MAX_EXAMPLES (examples per
operation and mode): 10 in `make test`, 50 under `make reliability`. Each run is a group of
its own that the browser suite hands out first (tests/e2e/conftest.py), so the two run side
by side on the two workers while the other files share what is left."""

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.support.browser_session import PASSWORD

SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
MAX_EXAMPLES = int(os.environ.get("FUZZ_MAX_EXAMPLES", "10"))
# At 30 examples a run took 170 s alone (159 operations) and 443 s beside the other
# browser tests' worker on a loaded machine (212 operations). The run's own deadline comes
# first, so a slow run fails with its output.
RUN_DEADLINE = 900
# The schema is built afresh on each request (212 operations): under load it took more
# than schemathesis's 10 s to answer, and the run failed before its first request.
SCHEMA_DEADLINE = 120


def _token(port: int) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/auth/login",
        data=json.dumps({"email": "admin@fuzz.example", "password": PASSWORD}).encode(),
        headers={"Host": "fuzz.localhost", "Content-Type": "application/json"},
    )
    return json.load(urllib.request.urlopen(request))["token"]


def _schema(port: int, folder: Path) -> Path:
    """The running app's own schema, saved for schemathesis to read."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/openapi.json", headers={"Host": "fuzz.localhost"}
    )
    path = folder / "openapi.json"
    with urllib.request.urlopen(request, timeout=SCHEMA_DEADLINE) as answer:
        path.write_bytes(answer.read())
    return path


def _schemathesis(port: int, token: str, schema: Path, *, mode: str, checks: str):
    try:
        return subprocess.run(
            [
                str(SCHEMATHESIS),
                "run",
                str(schema),
                "--url",
                f"http://127.0.0.1:{port}",
                "-H",
                "Host: fuzz.localhost",
                "-H",
                f"Authorization: Bearer {token}",
                "--mode",
                mode,
                "--checks",
                checks,
                "--max-examples",
                str(MAX_EXAMPLES),
                # Sign-in and sign-out are covered by tests/tenants: fuzzing them would lock the
                # address out (rate limit) or end the session the other calls use.
                "--exclude-path",
                "/api/auth/login",
                "--exclude-path",
                "/api/logout",
                "--phases",
                "examples,fuzzing",
                # Two requests in flight: the generator's CPU and the server's overlap (a
                # serial run spent 120 of its 210 s generating while the server sat idle).
                "--workers",
                "2",
            ],
            capture_output=True,
            text=True,
            timeout=RUN_DEADLINE,
        )
    except subprocess.TimeoutExpired as expired:
        # The exception carries bytes even with text=True.
        output = (expired.stdout or b"").decode(errors="replace")
        pytest.fail(f"schemathesis ran past {RUN_DEADLINE} s:\n{output[-30000:]}")


@pytest.mark.runs_first
@pytest.mark.xdist_group("api_fuzz_valid")
@pytest.mark.timeout(RUN_DEADLINE + SCHEMA_DEADLINE + 60)
def test_valid_inputs_get_documented_answers(server, tmp_path):
    result = _schemathesis(
        server,
        _token(server),
        _schema(server, tmp_path),
        mode="positive",
        checks="not_a_server_error,status_code_conformance,content_type_conformance,"
        "response_schema_conformance",
    )
    assert result.returncode == 0, result.stdout[-30000:] + result.stderr[-2000:]


@pytest.mark.runs_first
@pytest.mark.xdist_group("api_fuzz_malformed")
@pytest.mark.timeout(RUN_DEADLINE + SCHEMA_DEADLINE + 60)
def test_malformed_inputs_never_crash_and_answer_json(server, tmp_path):
    result = _schemathesis(
        server,
        _token(server),
        _schema(server, tmp_path),
        mode="negative",
        checks="not_a_server_error,content_type_conformance",
    )
    assert result.returncode == 0, result.stdout[-30000:] + result.stderr[-2000:]
