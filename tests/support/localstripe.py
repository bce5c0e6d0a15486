"""localstripe for the tests: one server per test session on a free port, its store in a
temporary directory, and the settings pointed at it (billing/stripe_adapter.py talks to it
whenever no Stripe key is set)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
import stripe

from tests.support.app_server import ROOT, free_port
from tests.support.waiting import wait_until


@dataclass(frozen=True)
class LocalStripe:
    url: str
    process: subprocess.Popen

    def webhook_register(self, *, name: str, url: str, secret: str) -> None:
        """Ask the server to post its events to `url`, signed with `secret`."""
        data = f"url={url}&secret={secret}".encode()
        request = urllib.request.Request(f"{self.url}/_config/webhooks/{name}", data=data)
        urllib.request.urlopen(request, timeout=5).close()  # noqa: S310 - local test server


def _answers(url: str) -> bool:
    try:
        urllib.request.urlopen(f"{url}/js.stripe.com/v3/", timeout=1).close()  # noqa: S310
    except OSError:
        return False
    return True


def localstripe_start(directory: Path) -> LocalStripe:
    port = free_port()
    env = {**os.environ, "LOCALSTRIPE_STORE": str(directory / "localstripe.pickle")}
    process = subprocess.Popen(  # noqa: S603 - our own module
        [sys.executable, "-m", "billing.localstripe_run", "--port", str(port), "--from-scratch"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    wait_until(lambda: _answers(url), timeout=20, message="localstripe did not start")
    return LocalStripe(url=url, process=process)


def stripe_signature(payload: bytes, secret: str, *, at: int | None = None) -> str:
    """The Stripe-Signature header Stripe would send with `payload` (the SDK's signing)."""
    timestamp = int(time.time()) if at is None else at
    signature = stripe.WebhookSignature._compute_signature(
        f"{timestamp}.{payload.decode()}", secret
    )
    return f"t={timestamp},v1={signature}"


@pytest.fixture(scope="session")
def localstripe(tmp_path_factory):
    server = localstripe_start(tmp_path_factory.mktemp("localstripe"))
    yield server
    server.process.terminate()
    server.process.wait(timeout=10)


@pytest.fixture
def stripe_local(localstripe, settings):
    """The settings of a deployment without a Stripe key: every call goes to localstripe."""
    settings.STRIPE_SECRET_KEY = ""
    settings.LOCALSTRIPE_URL = localstripe.url
    return localstripe
