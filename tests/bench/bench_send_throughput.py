"""send_throughput: one campaign of 100k profiles (BENCH_SCALE scales it), a personalised
~20 KB HTML template (20 merge tags, 10 links) with its text part, DKIM-signed (RSA-2048,
a DkimKey of the sender's domain), one recipient per SMTP transaction, every outcome
committed, through the real pipeline: `send_start` freezes the audience and publishes
`delivery.send_run`, which two real Celery workers (solo, a private queue) run until the
send is finished, into Postfix's C `smtp-sink` on this machine
(scripts/install_smtp_sink.sh). Target: >= 0.7 x the baseline; worker RSS flat (< 300 MB).

Baseline, the "raw pipeline", measured in the same run against the same sink: two
processes, each personalising a pre-built message by string replacement, signing it with
the project's DKIM signer on OpenSSL (marketing/delivery/dkim.py, the same key) and sending
it with `smtplib` over one connection.

The figure is the pipeline's messages per second from `send_start` to the send finished
(freeze included; worker boot not). Every wait has a deadline. The bench's client schema
is made here and dropped afterwards. Rate limits are set far above what a local sink takes
(env of the workers), so nothing throttles."""

from __future__ import annotations

import importlib.util
import multiprocessing
import os
import re
import smtplib
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from django.db import connection
from django.db.models import Count

from tests.support.bench_clients import bench_client_drop, bench_client_fresh, worker_answering
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
)
from tests.support.profile_rows import profiles_copy

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = "bench_send"
PROFILES = 100_000
RAW_MAX = 20_000  # messages of the baseline (its rate is steady long before)
SOURCE_ID = 1
FROM = "news@bench-send.example"
SEND_TIMEOUT = 1800  # seconds for the whole send at scale 1
WORKERS = 2
# Pacing off (0: no limit) whatever .data/env says, so the throttles are not what is
# measured. Nothing else paces this send: its recipient domains (rcptN.example) have no
# default rate, and its From domain is no verified sender domain, so it has no warm-up.
UNPACED = {
    "DELIVERY_SENDER_PER_MINUTE": "0",
    "DELIVERY_DOMAIN_PER_MINUTE": "0",
    "DELIVERY_MONTHLY_LIMIT": "0",
}


def _render_bench():
    path = Path(__file__).with_name("bench_render_throughput.py")
    spec = importlib.util.spec_from_file_location("bench_render_for_send", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _smtp_sink(counter: Path) -> tuple[subprocess.Popen, int]:
    """smtp-sink on a free port; `-c` makes it write its running counters to `counter`
    ("sess=.. quit=.. mesg=N" after each message), so the bench can check that every
    message it counts as sent reached this sink and no other relay."""
    binary = subprocess.run(
        ["bash", str(ROOT / "scripts/install_smtp_sink.sh")],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    ).stdout.strip()
    port = _free_port()
    command = [str(ROOT / binary), "-c", f"127.0.0.1:{port}", "256"]
    if os.geteuid() == 0:
        command[1:1] = ["-u", "nobody"]
    with counter.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=2) as probe:
                probe.noop()
            return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("smtp-sink did not answer within 15 s")


def _sink_received(counter: Path) -> int:
    """Messages the sink has received so far (its last `mesg=` counter)."""
    found = re.findall(rb"mesg=(\d+)", counter.read_bytes()[-256:])
    return int(found[-1]) if found else 0


def _sink_check(counter: Path, before: int, sent: int, seconds: float = 15) -> None:
    """Every message the ledger counts as sent arrived at this bench's own sink (a message
    sent elsewhere, by another process's worker, would make the figure a lie)."""
    deadline = time.monotonic() + seconds
    while (received := _sink_received(counter) - before) < sent and time.monotonic() < deadline:
        time.sleep(0.2)
    if received != sent:
        raise RuntimeError(f"the ledger says {sent} sent but the bench's sink received {received}")


def _profiles(count: int) -> None:
    with connection.cursor() as cursor:
        profiles_copy(
            cursor.cursor,
            (
                {
                    "email": f"p{i}@rcpt{i % 50}.example",
                    "first_name": f"First{i}",
                    "last_name": f"Last{i}",
                    "company": f"Smith & Sons <{i}>",
                    "city": f"City{i % 977}",
                    "source": "addProfile",
                }
                for i in range(count)
            ),
        )
        cursor.execute("ANALYZE audience_profile")


def _rss_mb(processes) -> list[float]:
    return [round(psutil.Process(p.pid).memory_info().rss / 1024 / 1024, 1) for p in processes]


def _pipeline(count: int, port: int, key) -> dict:
    from marketing.audience.models import Profile
    from marketing.delivery.models import Delivery, DeliveryState, Send, SendStatus
    from marketing.delivery.services.dkim_keys import dkim_key_store
    from marketing.delivery.services.send_control import send_start

    subject, html, text = _render_bench()._template()
    dkim_key_store(domain=FROM.rpartition("@")[2], selector="bench", algorithm="rsa", pair=key)
    queue = f"bench-send-{uuid.uuid4().hex[:10]}"
    env = {
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "DELIVERY_SMTP_HOST": "127.0.0.1",
        "DELIVERY_SMTP_PORT": str(port),
        "DELIVERY_LINK_PORT": "",
        **UNPACED,
        **{k: v for k, v in os.environ.items() if k.startswith("DELIVERY_")},
    }
    workers = [
        celery_worker_start(queue, node=f"{queue}-{n}", CACHE_KEY_PREFIX=f"bench-{queue}", **env)
        for n in range(WORKERS)
    ]
    try:
        for n, worker in enumerate(workers):
            worker_answering(f"{queue}-{n}", worker)
        rss = {"start": _rss_mb(workers)}
        with tasks_routed_to(queue):
            started = time.perf_counter()
            sent = send_start(
                kind="campaign",
                source_id=SOURCE_ID,
                subject=subject,
                html=html,
                text=text,
                from_name="Bench",
                from_address=FROM,
                list_name="Bench news",
                audience_sql=f"SELECT id FROM {Profile._meta.db_table}",
                params=[],
            )
            frozen = time.perf_counter() - started
            assert sent.recipients == count, sent
            deadline = time.monotonic() + max(120, SEND_TIMEOUT * count / PROFILES)
            next_count, done = 0.0, 0
            while time.monotonic() < deadline:
                # The sent rows counted every 2 s, and only until the middle's RSS is taken:
                # counting 100k rows costs PostgreSQL what the pipeline is measured on.
                if "middle" not in rss and time.monotonic() >= next_count:
                    next_count = time.monotonic() + 2
                    done = Delivery.objects.filter(
                        send_id=sent.send_id, state=DeliveryState.SENT
                    ).count()
                    if done >= count // 2:
                        rss["middle"] = _rss_mb(workers)
                if Send.objects.get(pk=sent.send_id).status == SendStatus.FINISHED:
                    break
                if any(w.poll() is not None for w in workers):
                    raise RuntimeError("a worker died during the send")
                time.sleep(0.5)
            else:
                raise RuntimeError(f"the send did not finish in time ({done}+ of {count} sent)")
            elapsed = time.perf_counter() - started
        rss["end"] = _rss_mb(workers)
        states = dict(
            Delivery.objects.filter(send_id=sent.send_id)
            .values_list("state")
            .annotate(n=Count("id"))
            .order_by()
        )
        assert states == {DeliveryState.SENT: count}, states
        return {"rate": count / elapsed, "elapsed": elapsed, "freeze_s": frozen, "rss": rss}
    finally:
        for worker in workers:
            celery_worker_stop(worker)
        celery_queue_delete(queue)


# --- the raw pipeline -------------------------------------------------------------------


def _raw_message(html: str, text: str) -> str:
    """A pre-built multipart message with placeholders ({{n}}: the recipient's number)."""
    return (
        f"From: Bench <{FROM}>\r\nTo: <p{{{{n}}}}@rcpt.example>\r\n"
        "Subject: First{{n}}, your Smith & Sons news for spring\r\n"
        "Message-ID: <raw.{{n}}@bench-send.example>\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/alternative; boundary="b1"\r\n\r\n'
        "--b1\r\nContent-Type: text/plain; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\n"
        + text.replace("\n", "\r\n")
        + "\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\n" + html.replace("\n", "\r\n") + "\r\n--b1--\r\n"
    )


def _raw_worker(start, count, port, template, pem, barrier, results) -> None:
    from marketing.delivery.dkim import Signer

    signer = Signer.from_pem("bench-send.example", "bench", pem)
    client = smtplib.SMTP("127.0.0.1", port, timeout=60)
    client.ehlo()
    barrier.wait(60)  # both processes connected: the clock starts
    began = time.perf_counter()
    for n in range(start, start + count):
        number = str(n)
        body = template.replace("{{n}}", number).replace("{{first}}", "First" + number)
        data = body.encode()
        data = signer.sign(data) + data
        client.sendmail(f"bounces+{number}@bench-send.example", [f"p{number}@rcpt.example"], data)
    results.put((count, time.perf_counter() - began))
    client.quit()


def _raw(count: int, port: int, pem: str) -> dict:
    bench = _render_bench()
    subject, html, text = bench._template()
    # Each merge tag becomes a placeholder filled by string replacement.
    for tag in bench.TAGS:
        for fallback in ("", " || friend"):
            html = html.replace(f"<% {tag}{fallback} %>", "{{first}}")
            text = text.replace(f"<% {tag}{fallback} %>", "{{first}}")
    template = _raw_message(html, text)
    per = count // WORKERS
    context = multiprocessing.get_context("fork")  # a bench module loaded by path: no pickling
    connection.close()  # not shared with the children
    barrier, results = context.Barrier(WORKERS), context.Queue()
    children = [
        context.Process(
            target=_raw_worker, args=(i * per, per, port, template, pem, barrier, results)
        )
        for i in range(WORKERS)
    ]
    for child in children:
        child.start()
    try:
        parts = [results.get(timeout=600) for _ in children]
    finally:
        for child in children:
            child.join(30)
            if child.is_alive():
                child.kill()
    # Both started together; the slower one's time is the run's.
    return {"rate": sum(n for n, _ in parts) / max(t for _, t in parts), "bytes": len(template)}


def _rsa_sign_ms(pem: str, rounds: int = 300) -> float:
    """This machine's RSA-2048 signing time (PKCS#1 v1.5, SHA-256, what DKIM does): the
    baseline and the pipeline both spend most of their CPU here, so the ratio is quoted
    beside it (machines seen here took 0.3 ms and 1.0 ms)."""
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import padding

    key = serialization.load_pem_private_key(pem.encode(), password=None)
    started = time.perf_counter()
    for n in range(rounds):
        key.sign(n.to_bytes(4, "big"), padding.PKCS1v15(), hashes.SHA256())
    return (time.perf_counter() - started) * 1000 / rounds


def run(scale: float) -> list[dict]:
    from marketing.delivery.dkim import key_pair_generate

    count = max(2_000, int(PROFILES * scale))
    key = key_pair_generate("rsa")
    counter = Path(tempfile.mkdtemp(prefix="bench-send-")) / "sink-counters"
    sink, port = _smtp_sink(counter)
    client = None
    try:
        client = bench_client_fresh(SCHEMA, "Bench send")
        connection.set_tenant(client)
        _profiles(count)
        raw = _raw(min(count, RAW_MAX), port, key.private_pem)
        connection.set_tenant(client)
        before = _sink_received(counter)
        ours = _pipeline(count, port, key)
        _sink_check(counter, before, count)
        rss = ours["rss"]
        return [
            {
                "value": round(ours["rate"], 1),
                "unit": "msg/s",
                "baseline": round(raw["rate"], 1),
                "baseline_name": "raw pipeline (replace + OpenSSL DKIM + smtplib, 2 processes)",
                "target_ratio": 0.7,
                "profiles": count,
                "elapsed_s": round(ours["elapsed"], 1),
                "freeze_s": round(ours["freeze_s"], 2),
                "worker_rss_mb": rss,
                "worker_rss_max_mb": max(max(v) for v in rss.values()),
                "raw_message_bytes": raw["bytes"],
                "rsa2048_sign_ms": round(_rsa_sign_ms(key.private_pem), 3),
            }
        ]
    finally:
        sink.terminate()
        try:
            sink.wait(10)
        except subprocess.TimeoutExpired:
            sink.kill()
        counter.unlink(missing_ok=True)
        counter.parent.rmdir()
        if client is not None:
            bench_client_drop(client)
