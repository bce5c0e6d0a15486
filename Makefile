# Developer commands. `make run` starts everything on one machine; `make test` runs every
# suite (what .ci/run calls). Both work on a fresh clone with only python3, node and npm.
# The heavy lifting lives in scripts/ so that each step can be read and run on its own.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
# Steps such as services -> migrate must run in order even under `make -j`.
.NOTPARALLEL:

VENV := .venv
PY := $(VENV)/bin/python
NAME ?=

# Defaults for local use; an exported variable or a line in .env wins over these.
export PORT ?= 8000
export BASE_DOMAIN ?= localhost
export SECRET_KEY ?= insecure-local-development-key-do-not-use-in-production
export EMAIL_HOST ?= 127.0.0.1
export EMAIL_PORT ?= 1025
# The inbound SMTP endpoint for bounces and complaints (manage.py bounce_server).
export BOUNCE_PORT ?= 2525
# Logs from honcho's children show up as they happen, not when a buffer fills.
export PYTHONUNBUFFERED := 1
# ruff, pytest, celery, gunicorn and honcho come from the venv.
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

# Every recipe that talks to the services first loads .env (optional, yours; see
# .env.example) and then .data/env (written by `make services`, the services found).
LOADENV := set -a; [ ! -f .env ] || . ./.env; [ ! -f .data/env ] || . ./.data/env; set +a;
# services decides afresh each time, so it must not see the previous decision in .data/env.
LOADUSERENV := set -a; [ ! -f .env ] || . ./.env; set +a;

.PHONY: help install build services stop migrate seed run test lint openapi bench reliability

help:
	@echo "make run        install, build, find/start services, migrate, seed, start all processes"
	@echo "make test       every suite: ruff, OpenAPI client freshness, pytest, eslint, vitest, browser tests"
	@echo "make install    venv + Python packages, npm packages, Debian chromium (only what is missing)"
	@echo "make build      production build of the front end (frontend/dist)"
	@echo "make services   find PostgreSQL, RabbitMQ and Redis or start/choose fallbacks -> .data/env"
	@echo "make stop       stop the embedded PostgreSQL (if one was started)"
	@echo "make migrate    migrate every schema"
	@echo "make seed       create the demo client and print its sign-ins (idempotent)"
	@echo "make lint       ruff check + TypeScript type check + ESLint (layer boundaries, hooks)"
	@echo "make openapi    regenerate frontend/openapi.json and src/api/schema.d.ts"
	@echo "make bench [NAME=<bench>] [BENCH_SCALE=0.1]   run tests/bench (writes results.json)"
	@echo "make reliability  fault tests (worker kill, PostgreSQL/RabbitMQ restarts...) + PgBouncer soak + deep API fuzz"

install:
	@bash scripts/install.sh

build: install
	@bash scripts/build_frontend.sh

services: install
	@$(LOADUSERENV) $(PY) scripts/services.py

stop:
	@if [ -x $(PY) ]; then $(PY) scripts/services.py stop; fi

migrate: install services
	@$(LOADENV) $(PY) manage.py migrate --noinput

seed: install services migrate
	@$(LOADENV) $(PY) manage.py seed_demo

# seed_demo is called here rather than as a prerequisite so that the sign-ins it prints are
# the last thing on screen before the process logs start.
run: export DJANGO_DEBUG := 1
# Links in the mail it sends point at this server (http on PORT), not production's https.
run: export DELIVERY_LINK_SCHEME ?= http
run: export DELIVERY_LINK_PORT ?= $(PORT)
run: install build services migrate
	@$(LOADENV) bash scripts/check_ports_free.sh "$$PORT" "$$EMAIL_PORT" "$$BOUNCE_PORT"
	@$(LOADENV) $(PY) manage.py seed_demo
	@# The demo's sender, trusted: no one can read its mailbox or publish its DNS records here.
	@$(LOADENV) $(PY) manage.py sender_trust --client demo --email news@demo.example --name "Demo news"
	@$(LOADENV) printf '\n==> mailcraft is starting: http://demo.%s:%s  (sign-ins above; Ctrl-C stops)\n\n' \
	    "$$BASE_DOMAIN" "$$PORT"
	@# honcho hands each process its own PORT; APP_PORT keeps the real one (see deploy/Procfile).
	@$(LOADENV) export APP_PORT="$$PORT"; exec honcho start -f deploy/Procfile -d . -e .data/env

test: install services
	@$(LOADENV) bash scripts/test.sh

lint: install
	@ruff check .
	@lint-imports --no-logo
	@if [ -f frontend/package.json ]; then cd frontend && npm run --silent typecheck && npm run --silent lint; fi

openapi: install
	@$(LOADENV) bash scripts/openapi.sh

bench: install services migrate
	@# Postfix's C smtp-sink for send_throughput, out of Debian's package (no MTA installed).
	@bash scripts/install_smtp_sink.sh >/dev/null
	@# wrk (Debian's package) for tracking_endpoints.
	@bash scripts/install_wrk.sh >/dev/null
	@$(LOADENV) $(PY) tests/bench/run.py $(NAME)

# Not part of `make test`: every fault test of tests/reliability (make test runs the ones
# that neither restart PostgreSQL or RabbitMQ nor take minutes), then the PgBouncer soak
# (installs Debian's pgbouncer when missing, as root; session and transaction pool mode),
# then the API fuzz at 50 examples per operation and mode (make test runs 10).
reliability: install build services
	@$(LOADENV) $(PY) -m pytest tests/reliability -m "" -p no:cacheprovider -q
	@$(LOADENV) $(PY) tests/reliability/pgbouncer_soak.py
	@$(LOADENV) FUZZ_MAX_EXAMPLES=50 DJANGO_ALLOW_ASYNC_UNSAFE=true $(PY) -m pytest \
	    tests/e2e/test_api_fuzz.py -n 2 --dist loadgroup -p no:cacheprovider -q
