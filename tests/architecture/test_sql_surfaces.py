"""Raw SQL across apps goes through declared SQL surfaces: the fragments of its tables an app
offers to other apps' SQL (`profile_table`, `mailable_condition`, `event_insert_sql`...)
live in its `sql_surface.py`, listed in `__all__`; another app imports them from there
only, and each owning app runs every fragment it declares against the migrated schema
(tests/marketing/<app>/test_sql_surface.py)."""

import ast
import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKETING = ROOT / "marketing"
# What a SQL fragment is called: SQL text, a table's name, a condition, columns.
SQL_NAME = re.compile(r"(_sql|_table|_tables|_condition|_columns)$")


def _surfaces() -> dict[str, list[str]]:
    """app -> the fragments its sql_surface declares."""
    found = {}
    for path in sorted(MARKETING.glob("*/sql_surface.py")):
        app = path.parent.name
        module = importlib.import_module(f"marketing.{app}.sql_surface")
        found[app] = list(module.__all__)
    return found


def _cross_app_imports():
    """(importing file, imported module, name) of every `from marketing.<other app>...
    import name` in the marketing apps."""
    for path in sorted(MARKETING.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        app = path.relative_to(MARKETING).parts[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("marketing."):
                other = node.module.split(".")[1]
                if other != app:
                    for alias in node.names:
                        yield path.relative_to(ROOT), node.module, alias.name


def test_each_surface_declares_callable_fragments_and_is_tested():
    surfaces = _surfaces()
    assert {"audience", "delivery", "segments", "tracking"} <= set(surfaces)
    for app, names in surfaces.items():
        module = importlib.import_module(f"marketing.{app}.sql_surface")
        assert names and all(callable(getattr(module, name)) for name in names), app
        assert (ROOT / "tests" / "marketing" / app / "test_sql_surface.py").exists(), app


def test_other_apps_take_sql_fragments_from_the_surface_only():
    declared = {name: app for app, names in _surfaces().items() for name in names}
    offenders = []
    for path, module, name in _cross_app_imports():
        owner = module.split(".")[1]
        from_surface = module == f"marketing.{owner}.sql_surface"
        if declared.get(name) == owner and not from_surface:
            offenders.append(f"{path}: {name} from {module} (declared in its sql_surface)")
        elif SQL_NAME.search(name) and not from_surface:
            offenders.append(f"{path}: {name} from {module} (SQL belongs in a sql_surface)")
        elif from_surface and name not in declared:
            offenders.append(f"{path}: {name} from {module} (not in its __all__)")
    assert offenders == []
