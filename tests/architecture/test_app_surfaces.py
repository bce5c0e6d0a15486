"""The app-surfaces contract (tests/architecture/app_surfaces.py) on small import graphs:
what it lets through and what it reports, with the line of the offending import."""

import grimp
from importlinter.domain.contract import ContractCheck

from tests.architecture.app_surfaces import AppSurfacesContract


def graph_of(imports: list[tuple[str, str]]) -> grimp.ImportGraph:
    graph = grimp.ImportGraph()
    for module in ("m", "m.a", "m.a.api", "m.a.services", "m.b", "m.b.api", "m.b.models"):
        graph.add_module(module)
    for module in ("m.b.selectors", "m.b.tasks", "m.jobs", "m.jobs.runner", "m.jobs.api"):
        graph.add_module(module)
    for importer, imported in imports:
        graph.add_import(
            importer=importer, imported=imported, line_number=3, line_contents="import x"
        )
    return graph


def check(imports: list[tuple[str, str]]) -> ContractCheck:
    contract = AppSurfacesContract(
        name="surfaces",
        session_options={},
        contract_options={
            "containers": ["m"],
            "surfaces": ["services", "selectors"],
            "extra_surfaces": ["m.jobs.runner"],
        },
    )
    return contract.check(graph_of(imports), verbose=False)


def test_services_selectors_own_modules_and_named_extras_are_allowed():
    result = check(
        [
            ("m.a.api", "m.b.selectors"),
            ("m.b.api", "m.a.services"),
            ("m.a.api", "m.a.services"),  # its own
            ("m.a.services", "m.jobs.runner"),  # a named extra surface
        ]
    )
    assert result.kept


def test_another_apps_api_tasks_or_models_are_reported_with_their_line():
    result = check(
        [
            ("m.a.services", "m.b.models"),
            ("m.a.api", "m.b.tasks"),
            ("m.b.selectors", "m.jobs.api"),
        ]
    )
    assert not result.kept
    assert sorted(result.metadata["violations"]) == [
        ("m.a.api", "m.b.tasks", 3),
        ("m.a.services", "m.b.models", 3),
        ("m.b.selectors", "m.jobs.api", 3),
    ]
