"""A BI segment (public schema): a rule tree over the fields and email activity every
client has, and the last combined count."""

from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


class BiSegment(models.Model):
    name = models.CharField(max_length=100)
    rules = models.JSONField()  # the segments rule tree (marketing/segments/rules.py)
    profile_count = models.PositiveBigIntegerField(null=True, blank=True)
    counted_at = models.DateTimeField(null=True, blank=True)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_by_email = models.CharField(max_length=254, blank=True)
    updated_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("name"), name="bi_segment_name_ci_unique"),
        ]
