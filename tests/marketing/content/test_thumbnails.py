"""Thumbnails: headless Chromium renders a template with no network (a local HTTP server
records any request), the file manager's images shown from data: URIs, a 300 px PNG stored
under the client's prefix; and the whole path through the API, RabbitMQ and a real Celery
worker."""

import io
import threading
import uuid
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.request import urlopen

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from PIL import Image

from core.audit.models import AuditLog
from marketing.content import screenshot
from marketing.content.models import Template
from marketing.content.services.thumbnails import thumbnail_render
from marketing.files.selectors import file_public_url
from marketing.files.services.files import file_upload
from marketing.jobs.models import BackgroundJob
from tests.support.content import make_foreign_template, make_template
from tests.support.http_api import bearer, http, signed_in
from tests.support.waiting import poll


class _Recorder(BaseHTTPRequestHandler):
    hits: list[str]

    def do_GET(self):  # noqa: N802 - http.server's name
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()
        self.wfile.write(_png("blue"))

    def log_message(self, *args):
        pass


@pytest.fixture
def recorder():
    """A local web server that records every request it gets: (base URL, hits). It serves
    one connection at a time, in the order the kernel accepted them (see _fetched)."""
    hits: list[str] = []
    handler = type("Handler", (_Recorder,), {"hits": hits})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", hits
    finally:
        server.shutdown()
        server.server_close()


def _fetched(base: str, hits: list[str]) -> list[str]:
    """What the recorder got, asked after a marker request of ours: it answers connections
    one at a time in the order they were accepted, and Chromium has exited when a render
    returns, so any request Chromium made was recorded before the marker is answered."""
    marker = f"/marker-{uuid.uuid4().hex}"
    with urlopen(f"{base}{marker}", timeout=5) as answer:  # noqa: S310 - local server
        assert answer.status == 200
    return [hit for hit in hits if hit != marker]


def _png(colour: str, size=(40, 40)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def _outside_world(base: str) -> str:
    return (
        f'<link rel="stylesheet" href="{base}/style.css">'
        f'<p style="background-image: url({base}/background.png)">Hello</p>'
        f'<img src="{base}/pixel.png" width="40" height="40">'
        f'<iframe src="{base}/frame"></iframe><script src="{base}/script.js"></script>'
        f'<video src="{base}/video.mp4" autoplay></video>'
    )


def test_the_recorder_sees_a_request_that_is_not_blocked(recorder):
    base, hits = recorder
    with urlopen(f"{base}/control.png", timeout=5) as answer:  # noqa: S310 - local server
        assert answer.status == 200
    assert hits == ["/control.png"]


def test_screenshot_fetches_nothing(recorder):
    base, hits = recorder
    png = screenshot.html_screenshot(
        f"<html><head></head><body>{_outside_world(base)}</body></html>"
    )
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == screenshot.WINDOW
    assert _fetched(base, hits) == []


def test_the_proxy_alone_blocks_loopback(recorder, monkeypatch):
    """Without the page's Content-Security-Policy, Chromium's closed proxy still stops every
    load (the second of the two walls)."""
    base, hits = recorder
    monkeypatch.setattr(screenshot, "_with_policy", lambda html: html)
    screenshot.html_screenshot(f"<html><body>{_outside_world(base)}</body></html>")
    assert _fetched(base, hits) == []


def test_render_shows_file_manager_images_and_stores_a_small_png(alpha, in_alpha, recorder):
    base, hits = recorder
    stored = file_upload(
        member=None,
        upload=SimpleUploadedFile("red.png", _png("red", (600, 300)), "image/png"),
        folder=None,
    )
    url = file_public_url(stored, site_root=f"http://{alpha.host}")
    template = Template.objects.create(
        name="Pictured",
        template_type="designer",
        html=f'<html><head></head><body style="margin:0"><img src="{url}" width="600" '
        f'height="300" style="display:block"><img src="{base}/x.png"></body></html>',
    )
    job = BackgroundJob.objects.create(
        kind="templateThumbnail",
        operation_key=f"thumbnail:{template.pk}:1",
        params={"templateId": template.pk, "version": 1},
    )
    thumbnail_render(job.pk)
    template.refresh_from_db()
    assert template.thumbnail_key == f"alpha/thumbnails/{template.pk}-1.png"
    assert template.thumbnail_version == 1
    with default_storage.open(template.thumbnail_key, "rb") as f, Image.open(f) as image:
        assert image.format == "PNG" and image.size == (300, 450)
        assert image.convert("RGB").getpixel((150, 70)) == (255, 0, 0)  # the red image
        assert image.convert("RGB").getpixel((150, 300)) == (255, 255, 255)
    assert _fetched(base, hits) == []
    job.refresh_from_db()
    assert job.status == "Completed"
    # a job of an older version renders nothing
    Template.objects.filter(pk=template.pk).update(version=2)
    old = BackgroundJob.objects.create(
        kind="templateThumbnail",
        operation_key=f"thumbnail:{template.pk}:1b",
        params={"templateId": template.pk, "version": 1},
    )
    thumbnail_render(old.pk)
    old.refresh_from_db()
    assert old.status == "Completed" and old.result == {"rendered": False}
    default_storage.delete(template.thumbnail_key)


def test_thumbnail_api_refusals(alpha, beta, admin_api, nomkm_api):
    template = make_template(alpha, "No picture yet")
    missing = admin_api.get(f"/api/mm/templates/{template}/thumbnail")
    assert missing.status_code == 404 and missing.json()["message"] == "No thumbnail yet."
    assert admin_api.post("/api/generateThumbnail", {}).status_code == 400
    assert admin_api.post("/api/generateThumbnail", {"templateId": "x"}).status_code == 400
    assert admin_api.post("/api/generateThumbnail", {"templateId": 999999}).status_code == 404
    theirs = make_foreign_template(beta, absent_from=alpha)
    assert admin_api.post("/api/generateThumbnail", {"templateId": theirs}).status_code == 404
    assert admin_api.get(f"/api/mm/templates/{theirs}/thumbnail").status_code == 404
    assert nomkm_api.post("/api/generateThumbnail", {"templateId": template}).status_code == 403
    assert nomkm_api.get(f"/api/mm/templates/{template}/thumbnail").status_code == 403
    assert http(alpha.host).get(f"/api/mm/templates/{template}/thumbnail").status_code == 401
    # asked twice for the same version: the same job
    first = admin_api.post("/api/generateThumbnail", {"templateId": template, "source": "list"})
    assert first.status_code == 202
    again = admin_api.post("/api/generateThumbnail", {"templateId": template})
    assert again.json()["jobId"] == first.json()["jobId"]


def _job_done(browser, token, job_id, deadline=120):
    return poll(
        lambda: browser.get(f"/api/mm/jobs/{job_id}", **bearer(token)).json(),
        lambda job: job["status"] in ("Completed", "Failed", "Cancelled"),
        timeout=deadline,
        message=f"job {job_id} ends",
        interval=0.2,
    )


def test_thumbnail_through_the_real_worker(tenants, django_db_blocker, celery_worker, recorder):
    """Committed data (the worker is another process); removed at the end."""
    base, hits = recorder
    alpha = tenants["alpha"]
    template_id = None
    with django_db_blocker.unblock():
        try:
            _, token = signed_in(alpha.host, alpha.admin.email)
            browser = http(alpha.host)

            def call(method, path, body):
                return getattr(browser, method)(
                    path, body, content_type="application/json", **bearer(token)
                )

            created = call(
                "post",
                "/api/mm/templates",
                {
                    "name": "Worker thumbnail",
                    "type": "html",
                    "html": f'<h1 style="color:#0a0">Hello</h1><img src="{base}/tracker.png">',
                },
            )
            assert created.status_code == 201, created.content
            template_id = created.json()["id"]
            connection.set_tenant(alpha.client)
            job = BackgroundJob.objects.get(operation_key=f"thumbnail:{template_id}:1")
            connection.set_schema_to_public()
            assert _job_done(browser, token, job.pk)["status"] == "Completed"
            detail = browser.get(f"/api/mm/templates/{template_id}", **bearer(token)).json()
            assert detail["thumbnailUrl"] == f"/api/mm/templates/{template_id}/thumbnail?v=1"
            picture = browser.get(detail["thumbnailUrl"], **bearer(token))
            assert picture.status_code == 200
            assert picture["Content-Type"] == "image/png"
            assert picture["X-Content-Type-Options"] == "nosniff"
            with Image.open(io.BytesIO(picture.content)) as image:
                assert image.size == (300, 450)
            # a save makes version 2, and its own picture; asking again answers a job
            call("patch", f"/api/mm/templates/{template_id}", {"html": "<p>Second</p>"})
            asked = call("post", "/api/generateThumbnail", {"templateId": template_id})
            assert asked.status_code == 202
            assert _job_done(browser, token, asked.json()["jobId"])["status"] == "Completed"
            connection.set_tenant(alpha.client)
            v2 = BackgroundJob.objects.get(operation_key=f"thumbnail:{template_id}:2")
            connection.set_schema_to_public()
            _job_done(browser, token, v2.pk)
            detail = browser.get(f"/api/mm/templates/{template_id}", **bearer(token)).json()
            assert detail["thumbnailUrl"].endswith("?v=2")
            assert not default_storage.exists(f"alpha/thumbnails/{template_id}-1.png")
            assert default_storage.exists(f"alpha/thumbnails/{template_id}-2.png")
            assert _fetched(base, hits) == []
        finally:
            connection.set_tenant(alpha.client)
            BackgroundJob.objects.filter(operation_key__startswith="thumbnail:").delete()
            for key in Template.objects.filter(pk=template_id).values_list(
                "thumbnail_key", flat=True
            ):
                if key:
                    default_storage.delete(key)
            Template.objects.filter(pk=template_id).delete()
            AuditLog.objects.filter(object_type="template", object_id=template_id).delete()
            connection.set_schema_to_public()
