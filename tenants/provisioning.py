"""Provisioning: a workspace made in the background, step by step, never left half made.

`provisioning_start` records what to make (a public-schema `Provisioning` row) and sends
the task; `provisioning_run` (the task's body) claims the row and runs its steps in order:
the client with its schema (one transaction: row, host name and the template's clone,
tenants/schema_template.py), each registered workspace default
(tenants/workspace_defaults.py) in the new schema, the sign-up person as ADMIN, then the
workspace opened. Each step commits and then is recorded as done with a heartbeat, so the
/trial/setup screen moves as steps finish, and every step is idempotent, so a run taken up
again does only what is left.

A run that raises goes back to pending for the sweep to take up again; one whose worker
died keeps `running` with a heartbeat that stops, and the sweep takes it up once the
heartbeat is older than PROVISIONING_STALE_SECONDS. After PROVISIONING_ATTEMPTS attempts
the sweep cleans up instead: the schema is dropped and the client row removed, and the
run is marked failed for operators to see."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from core.tasks import enqueue_on_commit
from tenants.models import (
    Client,
    ClientStatus,
    Membership,
    Plan,
    Provisioning,
    ProvisioningStatus,
    Role,
    User,
)
from tenants.schema_template import template_ensure
from tenants.services import client_create
from tenants.task_declarations import PROVISION
from tenants.workspace_defaults import workspace_defaults


@dataclass(frozen=True)
class Step:
    key: str
    label: str


def provisioning_steps() -> list[Step]:
    """The steps in order, as the setup screen lists them."""
    return [
        Step("schema", "Workspace"),
        *(Step(f"default:{d.key}", d.label) for d in workspace_defaults()),
        Step("admin", "Your account as admin"),
        Step("ready", "Ready to sign in"),
    ]


def _stale() -> timedelta:
    return timedelta(seconds=settings.PROVISIONING_STALE_SECONDS)


def provisioning_start(
    *,
    name: str,
    schema_name: str,
    domain: str,
    admin: User,
    plan: Plan | None = None,
    time_zone: str = "America/New_York",
    site_type: str = "MM",
) -> Provisioning:
    """Record a workspace to make and send its run (on commit)."""
    provisioning = Provisioning.objects.create(
        name=name,
        schema_name=schema_name,
        domain=domain,
        admin=admin,
        plan=plan,
        time_zone=time_zone,
        site_type=site_type,
    )
    enqueue_on_commit(PROVISION, provisioning_id=provisioning.pk)
    return provisioning


def _claim(provisioning_id: int) -> Provisioning | None:
    """Take the run when nobody else runs it: pending, or running with a stopped
    heartbeat. A conditional update, so two workers handed the same run (a redelivery,
    the sweep and the task at once) cannot both take it."""
    now = timezone.now()
    claimable = Q(status=ProvisioningStatus.PENDING) | Q(
        status=ProvisioningStatus.RUNNING, heartbeat_at__lt=now - _stale()
    )
    taken = (
        Provisioning.objects.filter(claimable, pk=provisioning_id)
        .filter(attempts__lt=settings.PROVISIONING_ATTEMPTS)
        .update(status=ProvisioningStatus.RUNNING, heartbeat_at=now, attempts=F("attempts") + 1)
    )
    return Provisioning.objects.get(pk=provisioning_id) if taken else None


def _client_make(provisioning: Provisioning) -> None:
    client = Client.objects.filter(schema_name=provisioning.schema_name).first()
    if client is None:
        client = client_create(
            name=provisioning.name,
            schema_name=provisioning.schema_name,
            domain=provisioning.domain,
            site_type=provisioning.site_type,
            time_zone=provisioning.time_zone,
            plan=provisioning.plan,
            status=ClientStatus.TRIAL,
            setup_complete=False,
        )
    provisioning.client = client


def _default_make(provisioning: Provisioning, key: str) -> None:
    default = next(d for d in workspace_defaults() if d.key == key)
    connection.set_tenant(provisioning.client)
    try:
        with transaction.atomic():
            default.ensure()
    finally:
        connection.set_schema_to_public()


def _admin_make(provisioning: Provisioning) -> None:
    Membership.objects.update_or_create(
        user=provisioning.admin,
        client=provisioning.client,
        defaults={"role": Role.ADMIN, "has_mkm_access": True, "is_active": True},
    )


def _open(provisioning: Provisioning) -> None:
    Client.objects.filter(pk=provisioning.client.pk).update(setup_complete=True)


def _step_run(provisioning: Provisioning, key: str) -> None:
    if key == "schema":
        _client_make(provisioning)
    elif key.startswith("default:"):
        _default_make(provisioning, key.removeprefix("default:"))
    elif key == "admin":
        _admin_make(provisioning)
    else:
        _open(provisioning)


def provisioning_run(*, provisioning_id: int) -> Provisioning | None:
    """Run what is left of the provisioning, when it can be claimed; the row as it ends,
    or None when another run holds it or it is finished."""
    provisioning = _claim(provisioning_id)
    if provisioning is None:
        return None
    # Outside every transaction: building a template may run migrations.
    template_ensure()
    try:
        for step in provisioning_steps():
            if step.key in provisioning.steps_done:
                continue
            _step_run(provisioning, step.key)
            provisioning.steps_done = [*provisioning.steps_done, step.key]
            provisioning.heartbeat_at = timezone.now()
            provisioning.save(update_fields=["client", "steps_done", "heartbeat_at"])
    except Exception as exc:
        connection.set_schema_to_public()
        provisioning.status = ProvisioningStatus.PENDING
        provisioning.error = f"{type(exc).__name__}: {exc}"[:2000]
        provisioning.save(update_fields=["status", "error"])
        return provisioning
    provisioning.status = ProvisioningStatus.DONE
    provisioning.error = ""
    provisioning.finished_at = timezone.now()
    provisioning.save(update_fields=["status", "error", "finished_at"])
    return provisioning


def provisioning_clean_up(*, provisioning: Provisioning) -> None:
    """Remove what a run that will not be tried again made: the schema, the client row
    (its host names and memberships go with it). Safe to repeat."""
    connection.set_schema_to_public()
    with transaction.atomic():
        Client.objects.filter(schema_name=provisioning.schema_name).delete()
        with connection.cursor() as cursor:
            cursor.execute(f'DROP SCHEMA IF EXISTS "{provisioning.schema_name}" CASCADE')
        provisioning.status = ProvisioningStatus.FAILED
        provisioning.client = None
        provisioning.steps_done = []
        provisioning.finished_at = timezone.now()
        provisioning.save(update_fields=["status", "client", "steps_done", "finished_at"])


def provisionings_sweep() -> dict[str, int]:
    """Take up runs left pending (a failed attempt) or running with a stopped heartbeat
    (a killed worker); clean up those out of attempts. Returns counts by outcome."""
    stale = timezone.now() - _stale()
    waiting = Provisioning.objects.filter(
        Q(status=ProvisioningStatus.PENDING, created_at__lt=stale)
        | Q(status=ProvisioningStatus.PENDING, attempts__gt=0)
        | Q(status=ProvisioningStatus.RUNNING, heartbeat_at__lt=stale)
    )
    outcome = {"resumed": 0, "cleaned": 0}
    for provisioning in waiting:
        if provisioning.attempts >= settings.PROVISIONING_ATTEMPTS:
            provisioning_clean_up(provisioning=provisioning)
            outcome["cleaned"] += 1
        else:
            provisioning_run(provisioning_id=provisioning.pk)
            outcome["resumed"] += 1
    return outcome
