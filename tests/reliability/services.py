"""Restarting this machine's shared services for the fault tests (tests/reliability), and
waiting, with deadlines, until they answer again.

PostgreSQL is Debian's cluster (`pg_ctlcluster <version> <name> restart -m fast`: open
transactions are rolled back and every connection is cut, as in a crash-restart or a
failover); RabbitMQ is restarted with `rabbitmqctl stop_app` / `start_app` (every
connection is closed, durable queues and persistent messages survive). Both need
root; a test that restarts one is marked `service_restart` and runs only under
`make reliability`. Each restart disturbs whatever else uses the service on the machine.
"""

from __future__ import annotations

import socket
import subprocess
import time

from django.conf import settings

from tests.support.waiting import wait_until

RESTART_TIMEOUT = 120  # seconds for the restart command itself
READY_TIMEOUT = 120  # seconds for the service to answer again


class ServiceNotBack(RuntimeError):
    pass


def _run(command: list[str], timeout: float = RESTART_TIMEOUT) -> None:
    subprocess.run(command, check=True, timeout=timeout, capture_output=True, text=True)


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def _wait(check, what: str, timeout: float = READY_TIMEOUT) -> float:
    """Poll `check()` until true; the seconds it took. Raises after `timeout`."""
    started = time.monotonic()

    def answers() -> bool:
        try:
            return bool(check())
        except Exception:  # noqa: BLE001 - not up yet
            return False

    try:
        wait_until(answers, timeout=timeout, message=f"{what} answers", interval=0.25)
    except AssertionError:
        raise ServiceNotBack(f"{what} did not answer within {timeout:.0f} s") from None
    return time.monotonic() - started


# --- PostgreSQL ---------------------------------------------------------------------------


def postgres_cluster() -> tuple[str, str]:
    """(version, name) of the Debian cluster serving DATABASES' port."""
    port = int(settings.DATABASES["default"].get("PORT") or 5432)
    listing = subprocess.run(
        ["pg_lsclusters", "--no-header"], check=True, capture_output=True, text=True, timeout=30
    ).stdout
    for line in listing.splitlines():
        version, name, cluster_port, *_ = line.split()
        if int(cluster_port) == port:
            return version, name
    raise ServiceNotBack(f"no Debian PostgreSQL cluster on port {port}: {listing!r}")


def postgres_ready() -> bool:
    import psycopg

    db = settings.DATABASES["default"]
    with psycopg.connect(
        host=db.get("HOST") or "127.0.0.1",
        port=db.get("PORT") or 5432,
        user=db.get("USER") or "postgres",
        password=db.get("PASSWORD") or None,
        dbname=db["NAME"],
        connect_timeout=2,
    ) as conn:
        return conn.execute("SELECT 1").fetchone() == (1,)


def postgres_restart() -> float:
    """Restart the cluster (fast shutdown) and wait until the database answers; seconds
    taken. Always leaves the cluster started, or raises."""
    version, name = postgres_cluster()
    try:
        _run(["pg_ctlcluster", version, name, "restart", "-m", "fast"])
    finally:
        if not _port_open("127.0.0.1", int(settings.DATABASES["default"].get("PORT") or 5432)):
            subprocess.run(["pg_ctlcluster", version, name, "start"], timeout=RESTART_TIMEOUT)
    return _wait(postgres_ready, "PostgreSQL")


# --- RabbitMQ -----------------------------------------------------------------------------


def rabbitmq_ready() -> bool:
    from config.celery import app

    with app.connection_for_write(connect_timeout=2) as connection:
        connection.ensure_connection(max_retries=1)
        return True


def rabbitmq_restart() -> float:
    """Restart the broker's application (`rabbitmqctl stop_app`, then `start_app`: every
    connection is closed, queues are recovered from disk as after a restart) and wait until
    it takes connections; seconds taken. The Erlang node itself stays up: on this machine
    RabbitMQ was not started by its init script, whose `restart` then waits for ever for a
    pid file. Always leaves the application started, or raises."""
    if not settings.CELERY_BROKER_URL.startswith("amqp"):
        raise ServiceNotBack(f"the broker is not RabbitMQ: {settings.CELERY_BROKER_URL}")
    try:
        _run(["rabbitmqctl", "stop_app"])
        # Down for a moment, as a restart is: the outage's length is what is simulated
        # here (no outcome is awaited), so this is a fixed time on purpose.
        time.sleep(2)
    finally:
        _run(["rabbitmqctl", "start_app"])
    return _wait(rabbitmq_ready, "RabbitMQ")
