"""Schemathesis against the running app's own OpenAPI schema, as an admin of one client:
no generated input may produce a 500 or an answer outside the documented schema."""

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.support.browser_session import PASSWORD

SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
# A run takes about 170 s here alone (159 operations, 30 examples each) and up to 380 s
# beside the other browser tests' worker; CI's machine has been 1.4x slower still. The
# run's own deadline comes first, so a slow run fails with its output.
RUN_DEADLINE = 900


def _token(port: int) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/auth/login",
        data=json.dumps({"email": "admin@fuzz.example", "password": PASSWORD}).encode(),
        headers={"Host": "fuzz.localhost", "Content-Type": "application/json"},
    )
    return json.load(urllib.request.urlopen(request))["token"]


def _schemathesis(port: int, token: str, *, mode: str, checks: str):
    try:
        return subprocess.run(
            [
                str(SCHEMATHESIS),
                "run",
                f"http://127.0.0.1:{port}/api/openapi.json",
                "-H",
                "Host: fuzz.localhost",
                "-H",
                f"Authorization: Bearer {token}",
                "--mode",
                mode,
                "--checks",
                checks,
                "--max-examples",
                "30",
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


@pytest.mark.timeout(RUN_DEADLINE + 60)
def test_valid_inputs_get_documented_answers(server):
    result = _schemathesis(
        server,
        _token(server),
        mode="positive",
        checks="not_a_server_error,status_code_conformance,content_type_conformance,"
        "response_schema_conformance",
    )
    assert result.returncode == 0, result.stdout[-30000:] + result.stderr[-2000:]


@pytest.mark.timeout(RUN_DEADLINE + 60)
def test_malformed_inputs_never_crash_and_answer_json(server):
    result = _schemathesis(
        server,
        _token(server),
        mode="negative",
        checks="not_a_server_error,content_type_conformance",
    )
    assert result.returncode == 0, result.stdout[-30000:] + result.stderr[-2000:]
