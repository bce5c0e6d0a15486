from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parents[2]

env = environ.Env()
# `make services` writes the addresses it found or started here; real environment wins.
_services_file = BASE_DIR / ".data" / "env"
if _services_file.exists():
    env.read_env(str(_services_file))
