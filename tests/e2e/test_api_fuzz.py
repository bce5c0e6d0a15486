"""Schemathesis against the running app's own OpenAPI schema, as an admin of one client:
no generated input may produce a 500 or an answer outside the documented schema."""

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.e2e.conftest import PASSWORD

SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"


def _token(port: int) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/auth/login",
        data=json.dumps({"email": "admin@plain.example", "password": PASSWORD}).encode(),
        headers={"Host": "plain.localhost", "Content-Type": "application/json"},
    )
    return json.load(urllib.request.urlopen(request))["token"]


def test_api_answers_every_generated_input_without_server_errors(server):
    token = _token(server)
    result = subprocess.run(
        [
            str(SCHEMATHESIS),
            "run",
            f"http://127.0.0.1:{server}/api/openapi.json",
            "-H",
            "Host: plain.localhost",
            "-H",
            f"Authorization: Bearer {token}",
            "--checks",
            "not_a_server_error,status_code_conformance,content_type_conformance,"
            "response_schema_conformance",
            "--max-examples",
            "40",
            "--phases",
            "examples,fuzzing",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
