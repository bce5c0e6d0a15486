"""The back-end message catalogue: every message a person can read is written once, as a
constant of its package's `messages.py` (core/messages.py for the ones every layer
shares), in the spec's wording where it has one. Refusals name the constant; no copy of a
message lives anywhere else."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "config", "tenants", "billing", "marketing")
# What carries a message to a person: the errors the API answers with (core/errors.py and
# their subclasses, found below), the one-field 400, an import row's or file's refusal,
# a schema's own error, an error page.
MESSAGE_CARRIERS = {
    "ServiceError",
    "invalid_field",
    "_invalid",
    "RowError",
    "ImportFileError",
    "InvalidEmail",
    "PydanticCustomError",
    "Http404",
}


def _modules() -> list[tuple[Path, ast.Module]]:
    files = [
        path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts and "settings" not in path.parts
    ]
    return [(path, ast.parse(path.read_text(), str(path))) for path in files]


MODULES = _modules()


def _carriers() -> set[str]:
    """MESSAGE_CARRIERS and every class that derives from one of them, to any depth."""
    carriers = set(MESSAGE_CARRIERS)
    classes = [
        node for _, tree in MODULES for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
    ]
    while True:
        found = {
            node.name
            for node in classes
            if any(
                getattr(base, "id", getattr(base, "attr", None)) in carriers for base in node.bases
            )
        } - carriers
        if not found:
            return carriers
        carriers |= found


def _sentence(node: ast.AST) -> bool:
    if isinstance(node, ast.JoinedStr):
        return True
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and (" " in node.value.strip() or node.value.endswith("."))
    )


def _catalogue() -> dict[str, list[str]]:
    """Message text -> where the catalogues define it."""
    texts: dict[str, list[str]] = {}
    for path, tree in MODULES:
        if path.name != "messages.py":
            continue
        for node in tree.body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                for target in node.targets:
                    where = f"{path.relative_to(ROOT)}:{target.id}"
                    texts.setdefault(node.value.value, []).append(where)
    return texts


def test_the_catalogue_has_a_messages_module_per_layer():
    catalogues = {str(path.relative_to(ROOT)) for path, _ in MODULES if path.name == "messages.py"}
    assert {"core/messages.py", "tenants/messages.py"} <= catalogues
    assert len(_catalogue()) > 50


def test_no_message_is_written_inline_where_it_is_raised():
    carriers = _carriers()
    inline = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, tree in MODULES
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) in carriers
        and any(_sentence(arg) for arg in node.args)
    ]
    assert inline == [], "name these messages in the package's messages.py"


def test_every_message_is_written_once_in_the_catalogue():
    assert {text: where for text, where in _catalogue().items() if len(where) > 1} == {}


def test_no_copy_of_a_catalogued_message_lives_outside_the_catalogue():
    texts = _catalogue()
    copies = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}"
        for path, tree in MODULES
        if path.name != "messages.py"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in texts
    ]
    assert copies == []
