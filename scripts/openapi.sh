#!/usr/bin/env bash
# Regenerates the OpenAPI document from the django-ninja API and the typed TypeScript
# client generated from it. Both files are committed; `make test` runs this and fails when
# either changes (a stale client would compile against an API that no longer exists).
set -euo pipefail
cd "$(dirname "$0")/.."

.venv/bin/python manage.py export_openapi_schema --api config.api.api --indent 2 \
    --output frontend/openapi.json
(cd frontend && npm run --silent gen:api)
