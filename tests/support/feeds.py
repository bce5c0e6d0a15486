"""The RSS feed the rendering tests serve from a local HTTP server, and its content type."""

from __future__ import annotations

from pathlib import Path

FEED = (Path(__file__).parents[1] / "marketing" / "rendering" / "data" / "feed.xml").read_bytes()


RSS = {"Content-Type": "application/rss+xml"}
