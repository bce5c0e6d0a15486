"""Where test helpers live: conftest files hold fixtures only, and no module of the tests
imports from one (pytest finds fixtures by itself). Helpers shared between tests live in
tests/support, in modules named by what they are."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _conftest_imports(source: str, name: str) -> list[str]:
    """`name:line` of each import of a conftest module in `source`, at any depth."""
    found = []
    for node in ast.walk(ast.parse(source, filename=name)):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [f"{node.module or ''}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        if any("conftest" in name.split(".") for name in names):
            found.append(f"{name}:{node.lineno}")
    return found


def test_no_module_of_the_tests_imports_from_a_conftest():
    offenders = [
        line
        for path in sorted(TESTS.rglob("*.py"))
        for line in _conftest_imports(
            path.read_text(encoding="utf-8"), str(path.relative_to(TESTS.parent))
        )
    ]
    assert offenders == [], "move the helper to tests/support: " + ", ".join(offenders)


def test_the_check_sees_every_form_of_import():
    forms = (
        "from tests.conftest import http\n",
        "from .conftest import http\n",
        "from . import conftest\n",
        "import tests.marketing.conftest\n",
        "def f():\n    from tests.e2e.conftest import sign_in\n",
    )
    for source in forms:
        assert _conftest_imports(source, "probe.py") == ["probe.py:1"] or "def f" in source, source
    assert _conftest_imports(forms[-1], "probe.py") == ["probe.py:2"]
    assert _conftest_imports("from tests.support.http_api import http\n", "probe.py") == []
