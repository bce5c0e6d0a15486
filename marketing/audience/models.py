from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


class VerificationStatus(models.TextChoices):
    VALID = "Valid"
    INVALID = "Invalid"
    UNKNOWN = "Unknown"
    PENDING = "Pending"


class Profile(models.Model):
    """A contact of one client (tenant schema)."""

    email = models.EmailField(max_length=254)
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    verification_status = models.CharField(
        max_length=10, choices=VerificationStatus.choices, default=VerificationStatus.PENDING
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("email"), name="profile_email_ci_unique"),
        ]
        indexes = [models.Index(fields=["verification_status"], name="profile_verification_idx")]
