"""Content made straight in a client's schema (folders, templates, headers, footers, rows
whose ids another client has not given), and raw calls of the content API."""

from __future__ import annotations

import json

from django.db import connection

from marketing.content.models import CampaignFooter, CampaignHeader, Template, TemplateFolder
from tests.support.http_api import Api, bearer, http
from tests.support.tenants import in_schema


def make_folder(tenant, name="Folder", folder_type="designer", parent_id=None) -> int:
    with in_schema(tenant):
        return TemplateFolder.objects.create(
            name=name, folder_type=folder_type, parent_id=parent_id
        ).pk


def make_template(tenant, name="Template", template_type="designer", **fields) -> int:
    with in_schema(tenant):
        return Template.objects.create(name=name, template_type=template_type, **fields).pk


def make_foreign(model, tenant, *, absent_from, **fields) -> int:
    """A row of `model` in `tenant` whose id `absent_from` has not given and will not give in
    the test: ids of two schemas overlap, and rows other tests committed (real workers, the
    browser tests' server) can make `absent_from` hold the id `tenant` would pick next."""
    with in_schema(absent_from), connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, 'id'))", [model._meta.db_table])
        beyond = cursor.fetchone()[0] + 10_000
    with in_schema(tenant):
        return model.objects.create(pk=beyond, **fields).pk


def make_foreign_template(tenant, *, absent_from, name="Theirs", **fields) -> int:
    fields.setdefault("template_type", "designer")
    return make_foreign(Template, tenant, absent_from=absent_from, name=name, **fields)


def make_foreign_folder(tenant, *, absent_from, name="Theirs", folder_type="designer") -> int:
    return make_foreign(
        TemplateFolder, tenant, absent_from=absent_from, name=name, folder_type=folder_type
    )


def make_header(tenant, name="Header") -> int:
    with in_schema(tenant):
        return CampaignHeader.objects.create(name=name, html="<p>h</p>").pk


def make_footer(tenant, name="Footer") -> int:
    with in_schema(tenant):
        return CampaignFooter.objects.create(name=name, html="<p>f</p>").pk


def anonymous(tenant):
    """Calls without credentials."""
    api = object.__new__(Api)
    api.token, api.host = None, tenant.host
    return api


def raw(api, method: str, path: str, body: str | bytes, content_type="application/json"):
    headers = bearer(api.token) if api.token else {}
    return getattr(http(api.host), method)(path, body, content_type=content_type, **headers)


def as_json(data) -> str:
    return json.dumps(data)
