from config.settings.env import env

SHARED_APPS = [
    "django_tenants",
    "tenants",
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.admin",
    "django.contrib.staticfiles",
    "ninja",
    "config",
    # BI segments belong to no client: public schema (marketing/bi).
    "marketing.bi",
]
TENANT_APPS = [
    "django.contrib.contenttypes",
    "billing",
    "marketing.jobs",
    "marketing.audience",
    "core.audit",
    "marketing.activity",
    "marketing.tracking",
    "marketing.segments",
    "marketing.rendering",
    "marketing.files",
    "marketing.content",
    "marketing.delivery",
    "marketing.senders",
    "marketing.campaigns",
    "marketing.workflows",
    "marketing.workflows.summary",
    "marketing.forms",
    "marketing.page_hosting",
    "marketing.sites",
    "marketing.commerce",
]
INSTALLED_APPS = list(SHARED_APPS) + [app for app in TENANT_APPS if app not in SHARED_APPS]

TENANT_MODEL = "tenants.Client"
TENANT_DOMAIN_MODEL = "tenants.Domain"
PUBLIC_SCHEMA_NAME = "public"
PUBLIC_SCHEMA_URLCONF = "config.urls_public"
# An unknown host answers 404; it never falls back to the public site.
SHOW_PUBLIC_IF_NO_TENANT_FOUND = False
# django-tenants writes a connection's search_path once, not before every cursor (half the
# round trips of a workflow batch or a send run were `SET search_path`). It writes it again
# whenever it may have changed: a new client (set_tenant: the middleware, a task's header,
# clients_each, tests' in_schema), a new connection, a rollback or a savepoint rollback
# (which undo a SET). Nothing in the app writes a search_path itself (core/tenancy.py), and
# PgBouncer is only safe in session mode either way (tests/reliability/pgbouncer_soak.py).
TENANT_LIMIT_SET_CALLS = True

# The audit trail keeps each client's rows this many days (core/audit/tasks.py purges older
# ones nightly); 0 keeps them for ever.
AUDIT_RETENTION_DAYS = env.int("AUDIT_RETENTION_DAYS", default=730)

# The segment list shows each dynamic segment's last count; beat recounts those older than
# this (marketing/segments/tasks.py), so time-relative rules do not leave it stale.
SEGMENT_RECOUNT_MINUTES = env.int("SEGMENT_RECOUNT_MINUTES", default=15)
# A segment's count or page that a person waits for stops after this (segments/selectors.py).
SEGMENT_QUERY_TIMEOUT_MS = env.int("SEGMENT_QUERY_TIMEOUT_MS", default=15_000)

# Provisioning (tenants/provisioning.py): a run whose heartbeat is older than this is taken
# up again by the sweep (its worker died); after this many attempts it is cleaned up.
PROVISIONING_STALE_SECONDS = env.int("PROVISIONING_STALE_SECONDS", default=120)
PROVISIONING_ATTEMPTS = env.int("PROVISIONING_ATTEMPTS", default=3)
# The template schema every new client's schema is cloned from (tenants/schema_template.py).
TENANT_TEMPLATE_SCHEMA = env("TENANT_TEMPLATE_SCHEMA", default="tenant_template")
# The pg_dump that builds the template (tenants/schema_template.py); unset: one at least as
# new as the server, found among Debian's, the embedded PostgreSQL wheel's and PATH's.
PG_DUMP = env("PG_DUMP", default="")

# Trial area (tenants/trial.py): the confirmation link's life, sign-ups per hour per
# address and per caller's IP, and the free trial's plan (made with these limits when
# missing; operators change them in the admin).
TRIAL_CONFIRM_MAX_AGE = env.int("TRIAL_CONFIRM_MAX_AGE", default=24 * 3600)
TRIAL_SIGNUPS_HOURLY_PER_ADDRESS = env.int("TRIAL_SIGNUPS_HOURLY_PER_ADDRESS", default=5)
TRIAL_SIGNUPS_HOURLY_PER_IP = env.int("TRIAL_SIGNUPS_HOURLY_PER_IP", default=20)
TRIAL_PLAN_NAME = env("TRIAL_PLAN_NAME", default="Free trial")
TRIAL_PLAN_LIMITS = {
    "Contacts": 500,
    "Campaigns": 10,
    "SentCampaigns": 10,
    "Forms": 2,
    "LandingPages": 1,
    "Workflows": 2,
    "Senders": 2,
    "IncomingWebhook": 1,
    "OutgoingWebhook": 1,
}
