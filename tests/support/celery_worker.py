"""A real Celery worker subprocess for tests and benchmarks: one solo worker consuming one
queue of its own, so parallel runs never take each other's messages."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def celery_worker_start(queue: str, loglevel: str = "warning", **env: str) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-P",
            "solo",
            "-Q",
            queue,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-l",
            loglevel,
        ],
        cwd=ROOT,
        env=dict(os.environ, CELERY_TASK_DEFAULT_QUEUE=queue, **env),
    )
