"""Reads of content: the folder tree of a template type, template lists and details,
headers and footers. Another client's ids are simply not in this schema: NotFound."""

import re

from django.db.models import BooleanField, Count, QuerySet
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower

from core.errors import NotFound
from core.folder_tree import FolderNode, folder_nodes
from marketing.content import messages
from marketing.content.models import CampaignFooter, CampaignHeader, Template, TemplateFolder

TEMPLATE_SORTS = {
    "name": (Lower("name"), "id"),
    "-name": (Lower("name").desc(), "-id"),
    "updatedAt": ("updated_at", "id"),
    "-updatedAt": ("-updated_at", "-id"),
    "createdAt": ("created_at", "id"),
    "-createdAt": ("-created_at", "-id"),
}
BLOCK_SORTS = {
    "name": (Lower("name"), "id"),
    "-name": (Lower("name").desc(), "-id"),
    "updatedAt": ("updated_at", "id"),
    "-updatedAt": ("-updated_at", "-id"),
    "createdAt": ("created_at", "id"),
    "-createdAt": ("-created_at", "-id"),
}
MAX_ID = 2**63 - 1
_LIKE_SPECIAL = re.compile(r"[\\%_]")


def _get(queryset: QuerySet, pk: int, message: str):
    found = queryset.filter(pk=pk).first() if 0 < pk <= MAX_ID else None
    if found is None:
        raise NotFound(message)
    return found


def templates_exist() -> bool:
    """Whether the client has a template (the getting-started list's "design a template")."""
    return Template.objects.exists()


def folder_get(*, folder_id: int) -> TemplateFolder:
    return _get(TemplateFolder.objects.all(), folder_id, messages.FOLDER_NOT_FOUND)


def template_get(*, template_id: int) -> Template:
    return _get(Template.objects.all(), template_id, messages.TEMPLATE_NOT_FOUND)


def header_get(*, header_id: int) -> CampaignHeader:
    return _get(CampaignHeader.objects.all(), header_id, messages.HEADER_NOT_FOUND)


def footer_get(*, footer_id: int) -> CampaignFooter:
    return _get(CampaignFooter.objects.all(), footer_id, messages.FOOTER_NOT_FOUND)


def folder_tree(
    *,
    folder_type: str,
    folder_id: int | None = None,
    folder_path: str = "",
    sort: str = "name",
    descending: bool = False,
) -> list[FolderNode]:
    """The folders of a type as a tree, each with its path ('/Parent/Child') and how many
    templates it holds itself. With `folder_id` (or `folder_path`), that folder's subtree
    (one root); an unknown one is NotFound."""
    rows = TemplateFolder.objects.filter(folder_type=folder_type).annotate(count=Count("templates"))
    roots, nodes = folder_nodes(
        (FolderNode(row.pk, row.name, row.parent_id, row.count, row.created_at) for row in rows),
        sort=sort,
        descending=descending,
    )
    if folder_id is not None:
        if folder_id not in nodes:
            raise NotFound(messages.FOLDER_NOT_FOUND)
        return [nodes[folder_id]]
    if folder_path.strip("/"):
        wanted = "/" + "/".join(part.strip().lower() for part in folder_path.strip("/").split("/"))
        found = [node for node in nodes.values() if node.path.lower() == wanted]
        if not found:
            raise NotFound(messages.FOLDER_NOT_FOUND)
        return found[:1]
    return roots


def template_list(
    *,
    template_type: str | None = None,
    folder_id: int | None = None,
    search: str = "",
    sort: str = "-updatedAt",
) -> QuerySet[Template]:
    """Templates of a type (every folder, or one), their name containing `search` whatever
    its case (spec 5.1)."""
    templates = Template.objects.defer("html", "text", "project_data")
    if template_type:
        templates = templates.filter(template_type=template_type)
    if folder_id is not None:
        templates = templates.filter(folder_id=folder_id)
    if search.strip():
        # name ILIKE '%search%', which the trigram index serves.
        pattern = "%" + _LIKE_SPECIAL.sub(r"\\\g<0>", search.strip()) + "%"
        table = Template._meta.db_table
        templates = templates.filter(
            RawSQL(f'"{table}"."name" ILIKE %s', [pattern], output_field=BooleanField())
        )
    return templates.order_by(*TEMPLATE_SORTS[sort])


def _block_list(queryset: QuerySet, *, search: str, sort: str) -> QuerySet:
    if search.strip():
        queryset = queryset.filter(name__icontains=search.strip())
    return queryset.order_by(*BLOCK_SORTS[sort])


def header_list(*, search: str = "", sort: str = "name") -> QuerySet[CampaignHeader]:
    return _block_list(CampaignHeader.objects.all(), search=search, sort=sort)


def footer_default() -> CampaignFooter | None:
    """The client's default footer (footer settings), if one is marked."""
    return CampaignFooter.objects.filter(is_default=True).first()


def footer_list(*, search: str = "", sort: str = "name") -> QuerySet[CampaignFooter]:
    return _block_list(CampaignFooter.objects.all(), search=search, sort=sort)


def template_name_taken(name: str, *, template_type: str, exclude: int | None = None) -> bool:
    return (
        Template.objects.filter(name__iexact=name, template_type=template_type)
        .exclude(pk=exclude)
        .exists()
    )


def template_names_like(prefix: str, *, template_type: str) -> set[str]:
    return {
        name.lower()
        for name in Template.objects.filter(
            name__istartswith=prefix, template_type=template_type
        ).values_list("name", flat=True)
    }
