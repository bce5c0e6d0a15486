"""A page of HTML as a PNG, by headless Chromium, with no way out of the machine.

The HTML is written to a private temporary folder and opened from there. Nothing it names
can be fetched: a Content-Security-Policy in the page allows only inline styles and data:
images and fonts (so no file:, http: or other load), and Chromium's proxy is a closed port
for every host, loopback included, so a load the policy missed fails too. Its profile
lives in the same temporary folder, removed afterwards. The caller replaces the images it
wants shown by data: URIs first."""

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from django.conf import settings

WINDOW = (600, 900)
CSP = (
    "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; "
    "media-src 'none'; frame-src 'none'; form-action 'none'"
)
_HEAD = re.compile(r"<head[^>]*>", re.IGNORECASE)


class ScreenshotFailed(RuntimeError):
    pass


def _with_policy(html: str) -> str:
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CSP}"><meta charset="utf-8">'
    if _HEAD.search(html):
        return _HEAD.sub(lambda m: m.group(0) + meta, html, count=1)
    return f"<!doctype html><html><head>{meta}</head><body>{html}</body></html>"


def html_screenshot(html: str, *, timeout: float = 45) -> bytes:
    """The PNG of `html` in a WINDOW-sized viewport."""
    chromium = getattr(settings, "CHROMIUM_PATH", "") or "/usr/bin/chromium"
    folder = Path(tempfile.mkdtemp(prefix="mc-thumb-"))
    try:
        page = folder / "page.html"
        page.write_text(_with_policy(html), encoding="utf-8")
        out = folder / "shot.png"
        command = [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-sync",
            "--disable-component-update",
            "--metrics-recording-only",
            "--mute-audio",
            "--hide-scrollbars",
            "--proxy-server=127.0.0.1:9",
            "--proxy-bypass-list=<-loopback>",
            f"--user-data-dir={folder / 'profile'}",
            f"--window-size={WINDOW[0]},{WINDOW[1]}",
            f"--screenshot={out}",
            page.as_uri(),
        ]
        env = {"HOME": str(folder), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        try:
            subprocess.run(
                command,
                cwd=folder,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise ScreenshotFailed("chromium took too long") from exc
        if not out.exists() or out.stat().st_size == 0:
            raise ScreenshotFailed("chromium wrote no screenshot")
        return out.read_bytes()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
