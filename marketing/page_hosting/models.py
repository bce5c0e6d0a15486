"""A client's page domains and where its published pages are stored."""

from django.db import models
from django.utils import timezone


class PageDomainStatus(models.TextChoices):
    PENDING = "pending", "Pending"  # added, never checked
    VERIFIED = "verified", "Verified"  # serving the client's pages
    FAILED = "failed", "Failed"  # a check found a record missing or wrong


class PageDomain(models.Model):
    """A host of the client's own for its published pages. It serves them only while
    verified: its CNAME points at the pages host and its TXT record holds the token made
    here (records.py); a verified one is also listed in the public schema
    (tenants.PageHost), where a request's host finds its client."""

    name = models.CharField(max_length=253, unique=True)
    verification_token = models.CharField(max_length=64)
    status = models.CharField(
        max_length=10, choices=PageDomainStatus.choices, default=PageDomainStatus.PENDING
    )
    # record key -> {"status", "error", "found"} from the last check
    record_states = models.JSONField(default=dict)
    checked_at = models.DateTimeField(null=True)
    verified_at = models.DateTimeField(null=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]


class PageStorageKind(models.TextChoices):
    LOCAL = "local", "Local disk"
    S3 = "s3", "S3-compatible storage"


class PageStorage(models.Model):
    """The client's choice of storage for its published pages, made once (spec 9: the CDN
    storage choice is irreversible). No row: local disk, not yet chosen. Who chose it is
    in the audit trail (pageStorage.chosen)."""

    # One row per client: the primary key is always 1.
    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    kind = models.CharField(max_length=10, choices=PageStorageKind.choices)
    chosen_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.CheckConstraint(condition=models.Q(id=1), name="page_storage_one")]
