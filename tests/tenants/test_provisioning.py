"""Provisioning (tenants/provisioning.py): steps run in order and are recorded as they
finish; a run that fails or whose worker is killed halfway is taken up again by the sweep
and finishes, or after its attempts is cleaned up, never left half made."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client as HttpClient
from django.utils import timezone

from marketing.audience.models import Tag
from tenants import workspace_defaults
from tenants.models import Client, Domain, Membership, Provisioning, ProvisioningStatus, Role, User
from tenants.provisioning import (
    provisioning_run,
    provisioning_start,
    provisioning_steps,
    provisionings_sweep,
)
from tenants.tasks import provision
from tests.support.tenants import PASSWORD


@pytest.fixture
def prospect(tenants, db) -> User:
    return User.objects.create_user("founder@newco.example", PASSWORD, first_name="Ada")


def _start(prospect: User, schema: str = "newco") -> Provisioning:
    return provisioning_start(
        name="Newco", schema_name=schema, domain=f"{schema}.localhost", admin=prospect
    )


def _schema_exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [name])
        return cursor.fetchone() is not None


def test_a_run_makes_the_workspace_step_by_step_and_its_admin_signs_in(prospect):
    provisioning = _start(prospect)
    assert provisioning.status == ProvisioningStatus.PENDING

    assert provision.apply(args=[provisioning.pk]).get() == ProvisioningStatus.DONE

    provisioning.refresh_from_db()
    assert provisioning.steps_done == [step.key for step in provisioning_steps()]
    assert provisioning.steps_done[:4] == [
        "schema",
        "default:groups",
        "default:preferencesPage",
        "default:optOutForm",
    ]
    client = Client.objects.get(schema_name="newco")
    assert (client.status, client.setup_complete) == ("trial", True)
    assert Membership.objects.get(client=client, user=prospect).role == Role.ADMIN
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM newco.forms_optoutform WHERE is_default")
        assert cursor.fetchone()[0] == 1
    answer = HttpClient(HTTP_HOST="newco.localhost").post(
        "/api/auth/login",
        {"email": prospect.email, "password": PASSWORD},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content


def test_a_redelivered_run_finds_it_finished_and_does_nothing(prospect):
    provisioning = _start(prospect)
    provisioning_run(provisioning_id=provisioning.pk)
    assert provisioning_run(provisioning_id=provisioning.pk) is None
    assert Provisioning.objects.get(pk=provisioning.pk).attempts == 1


def _killing_default(calls: list):
    def ensure():
        calls.append(1)
        if len(calls) == 1:
            # What a killed worker leaves: nothing after this line runs, no except clause.
            raise KeyboardInterrupt

    return ensure


def test_a_run_killed_halfway_is_taken_up_by_the_sweep_and_finishes(prospect, monkeypatch):
    calls: list = []
    monkeypatch.setitem(
        workspace_defaults._defaults,
        "killer",
        workspace_defaults.WorkspaceDefault("killer", "Killer", _killing_default(calls)),
    )
    provisioning = _start(prospect)
    with pytest.raises(KeyboardInterrupt):
        provisioning_run(provisioning_id=provisioning.pk)
    connection.set_schema_to_public()
    provisioning.refresh_from_db()
    assert provisioning.status == ProvisioningStatus.RUNNING
    assert "schema" in provisioning.steps_done and "admin" not in provisioning.steps_done

    # While its heartbeat is fresh the run is someone's: the sweep leaves it.
    assert provisionings_sweep() == {"resumed": 0, "cleaned": 0}
    Provisioning.objects.filter(pk=provisioning.pk).update(
        heartbeat_at=timezone.now() - timedelta(minutes=10)
    )
    assert provisionings_sweep() == {"resumed": 1, "cleaned": 0}

    provisioning.refresh_from_db()
    assert (provisioning.status, provisioning.attempts) == (ProvisioningStatus.DONE, 2)
    assert Client.objects.filter(schema_name="newco").count() == 1
    assert Membership.objects.filter(user=prospect, role=Role.ADMIN).count() == 1


def test_a_run_that_keeps_failing_is_cleaned_up_after_its_attempts(prospect, monkeypatch, settings):
    settings.PROVISIONING_ATTEMPTS = 2

    def broken():
        raise RuntimeError("disk full")

    monkeypatch.setitem(
        workspace_defaults._defaults,
        "broken",
        workspace_defaults.WorkspaceDefault("broken", "Broken", broken),
    )
    provisioning = _start(prospect)
    provisioning_run(provisioning_id=provisioning.pk)
    provisioning.refresh_from_db()
    assert provisioning.status == ProvisioningStatus.PENDING
    assert provisioning.error == "RuntimeError: disk full"
    assert _schema_exists("newco")

    assert provisionings_sweep() == {"resumed": 1, "cleaned": 0}
    assert provisionings_sweep() == {"resumed": 0, "cleaned": 1}

    provisioning.refresh_from_db()
    assert provisioning.status == ProvisioningStatus.FAILED
    assert provisioning.steps_done == [] and provisioning.client is None
    assert not _schema_exists("newco")
    assert not Client.objects.filter(schema_name="newco").exists()
    assert not Domain.objects.filter(domain="newco.localhost").exists()
    assert not Membership.objects.filter(user=prospect).exists()


def test_new_clients_are_isolated_from_each_other(prospect):
    for schema in ("iso_one", "iso_two"):
        provisioning_run(provisioning_id=_start(prospect, schema).pk)
    connection.set_tenant(Client.objects.get(schema_name="iso_one"))
    Tag.objects.create(name="only-one")
    connection.set_tenant(Client.objects.get(schema_name="iso_two"))
    assert not Tag.objects.filter(name="only-one").exists()
