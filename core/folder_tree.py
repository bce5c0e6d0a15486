"""Nested folders as a tree, for every app that files things in folders (templates,
files): each folder with what it holds itself and its path ('/Parent/Child'), each level
sorted by name (whatever the case) or by creation, and a folder's depth."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Model


@dataclass
class FolderNode:
    id: int
    name: str
    parent_id: int | None
    count: int  # what the folder holds itself (templates, files)
    created_at: datetime
    path: str = ""
    subfolders: list["FolderNode"] = field(default_factory=list)


def folder_nodes(
    rows: Iterable[FolderNode], *, sort: str = "name", descending: bool = False
) -> tuple[list[FolderNode], dict[int, FolderNode]]:
    """The top folders, nested and sorted, and every folder by id."""
    nodes = {node.id: node for node in rows}
    roots: list[FolderNode] = []
    for node in nodes.values():
        parent = nodes.get(node.parent_id) if node.parent_id else None
        (parent.subfolders if parent else roots).append(node)

    def key(node: FolderNode):
        return (node.name.lower(), node.id) if sort == "name" else (node.created_at, node.id)

    def walk(level: list[FolderNode], prefix: str) -> None:
        level.sort(key=key, reverse=descending)
        for node in level:
            node.path = f"{prefix}/{node.name}"
            walk(node.subfolders, node.path)

    walk(roots, "")
    return roots, nodes


def folder_depth(folder: Model | None) -> int:
    """How deep `folder` is (1 for a top folder, 0 for none), one query per level above."""
    if folder is None:
        return 0
    depth, parent_id = 1, folder.parent_id
    while parent_id is not None:
        depth += 1
        parent_id = type(folder).objects.filter(pk=parent_id).values_list("parent_id", flat=True)[0]
    return depth
