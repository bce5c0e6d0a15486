"""An import-linter contract (pyproject.toml, [tool.importlinter]): the apps of a container
import each other only through their public surfaces.

In `marketing`, one app reaches another's data and rules through its `services` and
`selectors`, and builds raw SQL on another's tables only from its `sql_surface`; its API,
tasks, schemas and models stay its own. A framework app offers a few more modules, named
one by one in `extra_surfaces` (the jobs framework's base task, kinds registry, files,
messages and job answer schema)."""

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output


class AppSurfacesContract(Contract):
    type_name = "app_surfaces"

    containers = fields.ListField(subfield=fields.StringField())
    surfaces = fields.ListField(subfield=fields.StringField())
    extra_surfaces = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        surfaces = set(self.surfaces)  # type: ignore[arg-type]
        extra = tuple(self.extra_surfaces or [])  # type: ignore[arg-type]
        violations = []
        for container in self.containers:  # type: ignore[attr-defined]
            apps = graph.find_children(container)
            owner = {m: app for app in apps for m in {app, *graph.find_descendants(app)}}
            for importer, importer_app in sorted(owner.items()):
                for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                    imported_app = owner.get(imported)
                    if imported_app in (None, importer_app):
                        continue
                    tail = imported[len(imported_app) + 1 :].split(".", 1)[0]
                    if tail in surfaces or imported.startswith(extra):
                        continue
                    for detail in graph.get_import_details(importer=importer, imported=imported):
                        violations.append((importer, imported, detail["line_number"]))
        return ContractCheck(kept=not violations, metadata={"violations": violations})

    def render_broken_contract(self, check: ContractCheck) -> None:
        allowed = ", ".join([*self.surfaces, *(self.extra_surfaces or [])])  # type: ignore[misc]
        for importer, imported, line in check.metadata["violations"]:
            output.print_error(f"{importer} -> {imported} (l.{line})")
        output.new_line()
        output.print(f"Another app is reached only through: {allowed}.")
