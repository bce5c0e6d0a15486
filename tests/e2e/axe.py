"""axe-core in the browser tests: every screen is checked against WCAG 2 A and AA (UI.md)
and must have no violation. axe comes from the front end's npm packages (a dev
dependency, never part of the app's bundle) and is injected into the page under test."""

import json
from pathlib import Path

from playwright.sync_api import Page

AXE_JS = (
    Path(__file__).resolve().parents[2] / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
)
WCAG_TAGS = ["wcag2a", "wcag2aa"]

_RUN = """async ([context, tags]) => {
  const results = await axe.run(context ?? document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target, html: node.html, why: node.failureSummary,
    })),
  }));
}"""


_SETTLED = """() => document.getAnimations().every(
  (animation) => animation.playState !== 'running'
    || animation.effect?.getTiming().iterations === Infinity)"""


def axe_violations(page: Page, context: str | None = None) -> list[dict]:
    """The WCAG 2 A/AA violations axe finds in the page as it is now (or in `context`, a
    CSS selector)."""
    if not AXE_JS.exists():
        raise AssertionError(f"{AXE_JS} is missing: run `npm ci` in frontend/")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated by the DevTools protocol, which the app's CSP does not govern: a script
        # tag of it would be inline script, which the app forbids.
        page.evaluate(AXE_JS.read_text())
    return page.evaluate(_RUN, [context, WCAG_TAGS])


def expect_accessible(page: Page, screen: str, context: str | None = None) -> None:
    """Fails with axe's findings, node by node, when the screen has any violation."""
    # Transitions settle first: axe measures colour contrast on what is painted, and a toast
    # fading in (seen: a notification title at 1.65:1 mid-fade) is not what a person reads.
    # Endless animations (loaders) are left running.
    page.wait_for_function(_SETTLED, timeout=5000)
    violations = axe_violations(page, context)
    assert not violations, f"{screen}: {len(violations)} axe violation(s)\n" + json.dumps(
        violations, indent=2
    )
