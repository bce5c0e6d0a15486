import pytest
from django.db import connection

from config.celery import app
from core.errors import TenantRequired


@app.task(name="tests.schema_of_task", client_required=True)
def schema_of_task():
    return connection.schema_name


@app.task(name="tests.public_task")
def public_task():
    return connection.schema_name


def test_task_runs_in_the_schema_it_was_sent_from(alpha):
    connection.set_tenant(alpha.client)
    assert schema_of_task.apply().get() == "alpha"


def test_client_task_refuses_to_run_in_the_public_schema(tenants, db):
    connection.set_schema_to_public()
    with pytest.raises(TenantRequired):
        schema_of_task.apply(throw=True).get()


def test_platform_task_may_run_in_public(tenants, db):
    connection.set_schema_to_public()
    assert public_task.apply().get() == "public"
