"""Senders, sender domains and tracking domains (tenant schema, spec 2.4 /senderList and
/emailDomainSetupPage, spec 4 "Sender" and "Domains", spec 9).

A sender is an address a client's campaigns go out from. It is usable when its address was
confirmed through the activation mail, it is enabled, and its domain is one of the
client's sender domains whose DNS records were verified. A domain's DKIM keys live in
delivery's `DkimKey` (the signer reads them there); this app keeps the domain, its
verification token and the state of each DNS record at the last check."""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone


class Sender(models.Model):
    name = models.CharField(max_length=50)
    email = models.CharField(max_length=254)
    # The part after the @, lower case (IDNA A-label), to find the sender's domain.
    domain = models.CharField(max_length=253)
    reply_to = models.CharField(max_length=254, blank=True)
    is_enabled = models.BooleanField(default=True)
    is_default = models.BooleanField(default=False)
    # When the address was confirmed through its activation link (null: not yet).
    verified_at = models.DateTimeField(null=True, blank=True)
    # A fresh value per activation mail: the link carries it, confirming clears it, so a
    # link works once and a new mail makes the older links dead.
    activation_nonce = models.CharField(max_length=32, blank=True)
    activation_sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("email"), name="sender_email_ci_unique"),
            models.UniqueConstraint(
                fields=["is_default"], condition=Q(is_default=True), name="sender_one_default"
            ),
        ]

    @property
    def is_verified(self) -> bool:
        return self.verified_at is not None


class DomainStatus(models.TextChoices):
    PENDING = "pending", "Pending"  # added, not checked yet
    VERIFIED = "verified", "Verified"
    FAILED = "failed", "Failed"  # the last check found a required record missing or wrong


class SenderDomain(models.Model):
    """A domain the client sends from (spec 4: added, verified, re-verified, deleted)."""

    name = models.CharField(max_length=253)
    # The value of the one TXT verification record (spec 9).
    verification_token = models.CharField(max_length=64)
    status = models.CharField(
        max_length=10, choices=DomainStatus.choices, default=DomainStatus.PENDING
    )
    # Per record key (records.py): {"status": ..., "found": [...], "error": "..."}.
    record_states = models.JSONField(default=dict, blank=True)
    error = models.CharField(max_length=500, blank=True)
    checked_at = models.DateTimeField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="sender_domain_ci_unique")]


class TrackingDomain(models.Model):
    """The host a client's open and click links use instead of its app host. In use once
    verified: its CNAME points at our tracking host (TRACKING_CNAME_TARGET) and its TXT
    verification record carries this row's token, as a sender domain's does (a CNAME alone
    can be left dangling and claimed by anyone). Until then it is pending, its token shown
    for the client to publish."""

    name = models.CharField(max_length=253)
    # The value of the TXT verification record: made at the first attempt, kept after.
    verification_token = models.CharField(max_length=64)
    verified_at = models.DateTimeField(null=True, blank=True)
    checked_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="tracking_domain_ci_unique")]
