#!/usr/bin/env bash
# Regenerates the OpenAPI document from the django-ninja API and the typed TypeScript
# client generated from it. Both files are committed; `make test` runs this and fails when
# either changes (a stale client would compile against an API that no longer exists).
set -euo pipefail
cd "$(dirname "$0")/.."

.venv/bin/python manage.py export_openapi_schema --api config.api.api --indent 2 \
    --output frontend/openapi.json
# The public host's API (sign-in and the trial area) for the trial pages.
# Its URLs are the public host's URL conf (config/urls_public.py).
.venv/bin/python manage.py shell -v 0 -c "
from django.core.management import call_command
from django.test.utils import override_settings
with override_settings(ROOT_URLCONF='config.urls_public'):
    call_command('export_openapi_schema', api='config.api.public_api', indent=2,
                 output='frontend/openapi-public.json')
"
(cd frontend && npm run --silent gen:api)
