"""Landing page fixtures: a page's body as the designer sends it, and pages created and
published through the API."""

from __future__ import annotations

URL = "/api/mm/landingPages"
HTML = '<section class="hero"><h1>Spring sale</h1><p>Up to 50% off.</p></section>'


def page_body(name: str = "Spring sale", html: str = HTML, **changes) -> dict:
    settings = changes.pop("settings", {})
    body = {
        "name": name,
        "pageType": "LP",
        "layout": "singleColumn",
        "content": {
            "project": {"pages": [{"component": {"type": "wrapper", "components": html}}]},
            "html": html,
            "css": ".hero{padding:40px;color:#123}",
            "settings": settings,
        },
    }
    body.update(changes)
    return body


def page_made(api, **changes) -> dict:
    created = api.post(URL, page_body(**changes))
    assert created.status_code == 201, created.content
    return created.json()


def page_published(api, **changes) -> dict:
    page = page_made(api, **changes)
    published = api.post(f"{URL}/{page['id']}/publish", {})
    assert published.status_code == 200, published.content
    return published.json()


def popup_published(api, name: str = "Offer pop-up", **settings) -> dict:
    popup = {"button": True, **settings}
    return page_published(
        api, name=name, pageType="PP", html="<p>10% off today</p>", settings={"popup": popup}
    )
