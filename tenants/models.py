"""The public schema: clients (tenants), their host names, people and their roles,
plans, per-client access lists and the single-use ids of parent-suite sign-ins."""

import secrets
import zoneinfo

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.contrib.postgres.fields import ArrayField
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django_tenants.models import DomainMixin, TenantMixin


class SiteType(models.TextChoices):
    MM = "MM"
    CRM = "CRM"
    STANDALONECRM = "STANDALONECRM"


class ClientStatus(models.TextChoices):
    TRIAL = "trial"
    ACTIVE = "active"
    SUSPENDED = "suspended"


class Role(models.TextChoices):
    SUPERADMIN = "SUPERADMIN"
    ADMIN = "ADMIN"
    USER = "USER"


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"Unknown time zone: {value}")


def new_sso_secret() -> str:
    return secrets.token_urlsafe(32)


class Plan(models.Model):
    """Per-module limits (module name -> maximum, or null for unlimited)."""

    name = models.CharField(max_length=100, unique=True)
    limits = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return self.name


class Client(TenantMixin):
    name = models.CharField(max_length=200)
    site_type = models.CharField(max_length=20, choices=SiteType.choices, default=SiteType.MM)
    subscriptions_enabled = models.BooleanField(default=False)
    rep_notifications_only = models.BooleanField(default=False)
    time_zone = models.CharField(
        max_length=64, default="America/New_York", validators=[validate_time_zone]
    )
    plan = models.ForeignKey(Plan, null=True, blank=True, on_delete=models.PROTECT)
    status = models.CharField(
        max_length=20, choices=ClientStatus.choices, default=ClientStatus.ACTIVE
    )
    setup_complete = models.BooleanField(default=True)
    # Shared with the parent suite: it signs and encrypts the `clnt` sign-in payloads.
    sso_secret = models.CharField(max_length=128, default=new_sso_secret)
    # Origins of the parent suite allowed to frame the app and to post messages to it.
    parent_origins = ArrayField(models.CharField(max_length=255), default=list, blank=True)
    # The parent suite's websites that belong to this client (UpdateCurrentWebsiteID and
    # the sign-in payload may name only these).
    website_ids = ArrayField(models.PositiveIntegerField(), default=list, blank=True)
    # Client settings (spec 5.10): the public forms' captcha. ALTCHA (self-hosted proof of
    # work) unless the client chose Google reCAPTCHA with its own site key and secret (the
    # secret sealed: core/sealing.py).
    captcha = models.CharField(max_length=20, default="altcha")
    recaptcha_site_key = models.CharField(max_length=200, blank=True)
    recaptcha_secret = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    auto_create_schema = True
    auto_drop_schema = False

    def __str__(self) -> str:
        return f"{self.name} ({self.schema_name})"


class Domain(DomainMixin):
    # A host that serves only the links in a client's mail (open, click, view in browser,
    # unsubscribe, preferences: config/recipient_links.py), never the app, the API or
    # sign-in: a client's verified tracking domain.
    recipient_only = models.BooleanField(default=False)


class SetAsideBatch(models.Model):
    """Work a queue-draining task could not do after several attempts (the tracking
    writer's batch slice for one client whose schema refused it), kept here for operators
    to inspect instead of being retried for ever ahead of every other client's work."""

    queue = models.CharField(max_length=50)  # "tracking.events"
    client_id = models.BigIntegerField()  # may name a client that no longer exists
    batch = models.CharField(max_length=64)
    # The entries as they were queued, one a line.
    entries = models.TextField()
    attempts = models.PositiveIntegerField()
    error = models.TextField(blank=True)
    set_aside_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["queue", "batch", "client_id"], name="set_aside_batch_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.queue} {self.batch} (client {self.client_id})"


class UserManager(BaseUserManager):
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **fields):
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields):
        fields.update(is_superadmin=True, is_staff=True, is_superuser=True)
        return self.create_user(email, password, **fields)


class User(AbstractBaseUser, PermissionsMixin):
    """A person. Lives in the public schema: one person may belong to several clients."""

    email = models.EmailField(unique=True)
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    # Platform-wide role: looks across every client.
    is_superadmin = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"

    def __str__(self) -> str:
        return self.email


class Membership(models.Model):
    """A person's role in one client, and the name that client knows them by (a parent
    suite's sign-in names people per client; it never renames the shared User)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    client = models.ForeignKey(Client, on_delete=models.CASCADE, related_name="memberships")
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    role = models.CharField(
        max_length=10, choices=[(Role.ADMIN, "Admin"), (Role.USER, "User")], default=Role.USER
    )
    has_mkm_access = models.BooleanField(default=True)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "client"], name="membership_user_client_unique")
        ]


class AccessRule(models.Model):
    """Which roles may use an action in one client (spec 6: {actionType, users[]})."""

    client = models.ForeignKey(Client, on_delete=models.CASCADE, related_name="access_rules")
    action_type = models.CharField(max_length=100)
    roles = ArrayField(models.CharField(max_length=10), default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["client", "action_type"], name="access_rule_client_action_unique"
            )
        ]


class SsoNonce(models.Model):
    """The single-use id of a redeemed parent-suite payload; a replay hits the unique key."""

    jti = models.CharField(max_length=64, unique=True)
    client = models.ForeignKey(Client, on_delete=models.CASCADE)
    expires_at = models.DateTimeField(db_index=True)


class TokenPurpose(models.TextChoices):
    API = "api"  # the bearer header of a browser whose iframe blocks third-party cookies
    DOWNLOAD = "download"  # single-use, in a URL where a browser cannot send a header


class ApiToken(models.Model):
    """A bearer token: the caller holds a random value, we keep only its SHA-256. It is
    bound to a session; when the session goes (sign-out, expiry) its tokens stop working."""

    key_hash = models.CharField(max_length=64, unique=True)
    purpose = models.CharField(max_length=10, choices=TokenPurpose.choices)
    client = models.ForeignKey(Client, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    session_key = models.CharField(max_length=40, db_index=True)
    # A download token serves this one path, once.
    path = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(db_index=True)


class PageHost(models.Model):
    """A client's verified page domain (marketing/page_hosting): the host its published pages
    are served on (config/pages.py), and for which the edge proxy may ask for a certificate.
    Kept in the public schema so a request's host finds its client with one indexed read
    (tenants/hosts.py page_host_client); only verified domains are here, so a pending claim
    blocks nobody."""

    host = models.CharField(max_length=253, unique=True)
    client = models.ForeignKey(Client, on_delete=models.CASCADE, related_name="page_hosts")
    verified_at = models.DateTimeField(default=timezone.now)


class ProvisioningStatus(models.TextChoices):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"  # given up on after its attempts; what it had made was removed


class Provisioning(models.Model):
    """The background run that makes a workspace (tenants/provisioning.py): the client it
    will be, the person who becomes its ADMIN, and its steps as they finish, for the
    /trial/setup screen and the operators. A run whose heartbeat stops (a killed worker)
    is taken up again by the sweep, or cleaned up after its last attempt."""

    name = models.CharField(max_length=200)
    schema_name = models.CharField(max_length=63, unique=True)
    domain = models.CharField(max_length=253, unique=True)
    time_zone = models.CharField(max_length=64, default="America/New_York")
    site_type = models.CharField(max_length=20, choices=SiteType.choices, default=SiteType.MM)
    plan = models.ForeignKey(Plan, null=True, blank=True, on_delete=models.PROTECT)
    admin = models.ForeignKey(User, on_delete=models.CASCADE, related_name="provisionings")
    client = models.ForeignKey(
        Client, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(
        max_length=10, choices=ProvisioningStatus.choices, default=ProvisioningStatus.PENDING
    )
    steps_done = ArrayField(models.CharField(max_length=50), default=list, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "heartbeat_at"], name="provisioning_status_beat")]

    def __str__(self) -> str:
        return f"{self.name} ({self.schema_name}, {self.status})"


class SchemaTemplate(models.Model):
    """The template schema's definition at one migration state, replayed to make each new
    client's schema (tenants/schema_template.py)."""

    state = models.CharField(max_length=64, unique=True)
    definition = models.TextField()
    built_at = models.DateTimeField(default=timezone.now)


class SignUp(models.Model):
    """A prospect's sign-up in the trial area (tenants/trial.py): who and which company,
    until the emailed link confirms the address (one use: `confirmed_at`), then the
    workspace provisioning makes for them. The password is kept only as its hash."""

    email = models.EmailField(db_index=True)
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100, blank=True)
    password = models.CharField(max_length=128)
    company_name = models.CharField(max_length=200)
    website = models.CharField(max_length=200, blank=True)
    company_size = models.CharField(max_length=20, blank=True)
    country = models.CharField(max_length=2, blank=True)
    time_zone = models.CharField(max_length=64, default="America/New_York")
    terms_accepted_at = models.DateTimeField()
    created_at = models.DateTimeField(default=timezone.now)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    user = models.ForeignKey(User, null=True, blank=True, on_delete=models.CASCADE)
    provisioning = models.OneToOneField(
        Provisioning, null=True, blank=True, on_delete=models.SET_NULL, related_name="sign_up"
    )
