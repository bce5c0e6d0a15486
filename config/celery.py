"""The Celery app. Every task is a tenant task (tenant-schemas-celery): the schema that was
active when it was sent travels in its headers and is restored before it runs."""

import os

from tenant_schemas_celery.app import CeleryApp

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = CeleryApp("mailcraft", task_cls="core.tasks:ClientTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
