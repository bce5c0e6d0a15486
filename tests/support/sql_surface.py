"""Running an app's SQL surface (marketing/<app>/sql_surface.py) against the migrated
schema: each declared fragment, built into a whole statement by its owning app's test, is
planned by PostgreSQL (EXPLAIN, nothing runs), so a renamed table or column fails there."""

from collections.abc import Callable
from types import ModuleType

from django.db import connection

Statement = Callable[[], tuple[str, list]]


def surface_explain(module: ModuleType, statements: dict[str, list[Statement]]) -> int:
    """Plan every statement in the current schema; `statements` must cover every fragment
    the module declares (`__all__`), each with at least one statement. Returns how many
    were planned."""
    assert set(statements) == set(module.__all__), "a declared fragment without a statement"
    planned = 0
    with connection.cursor() as cursor:
        for name, makers in statements.items():
            assert makers, name
            for make in makers:
                sql, params = make()
                try:
                    cursor.execute(f"EXPLAIN {sql}", params)
                except Exception as exc:
                    raise AssertionError(f"{module.__name__}.{name}: {exc}\n{sql}") from exc
                planned += 1
    return planned
