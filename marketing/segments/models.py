"""Segments (tenant schema): a named rule tree (rules.py) over the client's profiles.

A dynamic segment is its rules: membership is computed when asked (compiler.py), so it is
always current. A static segment is a snapshot: the profiles its rules selected when it
was frozen, one SegmentMember row each; it cannot be renamed or have its websites
changed (spec 5.8)."""

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


class SegmentType(models.TextChoices):
    STATIC = "static", "Static"
    DYNAMIC = "dynamic", "Dynamic"


class Segment(models.Model):
    name = models.CharField(max_length=100)
    segment_type = models.CharField(max_length=7, choices=SegmentType.choices)
    rules = models.JSONField()  # the rule tree, as rules.tree_dump writes it
    # The parent suite's websites it is for (Client.website_ids); at least one.
    website_ids = ArrayField(models.PositiveIntegerField())
    # The last count taken (on save, freeze or recount) and when: the list shows it.
    profile_count = models.PositiveIntegerField(null=True, blank=True)
    counted_at = models.DateTimeField(null=True, blank=True)
    frozen_at = models.DateTimeField(null=True, blank=True)  # static: the snapshot's time
    created_by_id = models.BigIntegerField(null=True, blank=True)  # tenants.User (public)
    created_by_email = models.CharField(max_length=254, blank=True)
    updated_by_id = models.BigIntegerField(null=True, blank=True)
    updated_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            # Spec 5.4: duplicate names are refused, whatever their case.
            models.UniqueConstraint(Lower("name"), name="segment_name_ci_unique"),
            models.CheckConstraint(
                condition=models.Q(segment_type__in=SegmentType.values),
                name="segment_type_known",
            ),
        ]


class SegmentMember(models.Model):
    """A static segment's snapshot: one row per profile, written in one statement."""

    pk = models.CompositePrimaryKey("segment_id", "profile_id")
    segment = models.ForeignKey(Segment, on_delete=models.CASCADE, related_name="+")
    profile = models.ForeignKey(
        "audience.Profile", on_delete=models.CASCADE, related_name="+", db_index=True
    )
