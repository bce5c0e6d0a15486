"""Landing pages, pop-up pages and checkout pages (spec 2.1, 3, 4, 5.10).

A page's content lives in immutable versions: every save of the designer makes a new
version (the GrapesJS project, its HTML and CSS, cleaned on write, and the page's
settings); `current_version` is what the designer opens, `published_version` what
visitors get. Publishing points the page at its current version and freezes the bytes a
visitor receives (`PageVersion.rendered`); rolling back points both at an earlier one."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


class PageType(models.TextChoices):
    LANDING = "LP", "Landing Page"
    POPUP = "PP", "Pop Up Page"
    CHECKOUT = "CP", "Checkout Page"
    SVLP = "SVLP", "SVLP"


class PageLayout(models.TextChoices):
    SINGLE_COLUMN = "singleColumn", "single column"
    TWO_COLUMN = "twoColumn", "two column"
    HORIZONTAL = "horizontal", "horizontal"


class PageStatus(models.TextChoices):
    DRAFT = "Draft", "Draft"
    PUBLISHED = "Published", "Published"
    UNPUBLISHED = "Unpublished", "Unpublished"


class LandingPage(models.Model):
    name = models.CharField(max_length=100)
    page_type = models.CharField(max_length=4, choices=PageType.choices)
    layout = models.CharField(
        max_length=20, choices=PageLayout.choices, default=PageLayout.SINGLE_COLUMN
    )
    slug = models.CharField(max_length=100)  # spec 5.1's page slug
    status = models.CharField(max_length=20, choices=PageStatus.choices, default=PageStatus.DRAFT)
    current_version = models.ForeignKey(
        "PageVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    published_version = models.ForeignKey(
        "PageVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # a checkout page's checkout form (commerce fills it; spec 5.10)
    checkout_form_id = models.BigIntegerField(null=True, blank=True)
    created_by_id = models.BigIntegerField(null=True, blank=True)  # tenants.User (public)
    created_by_email = models.CharField(max_length=254, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("slug"),
                condition=models.Q(deleted_at__isnull=True),
                name="landing_page_slug_live_unique",
            )
        ]


class PageVersion(models.Model):
    """One saved state of a page; never changed once written."""

    page = models.ForeignKey(LandingPage, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    project = models.JSONField(default=dict)  # GrapesJS projectData (design_clean)
    html = models.TextField(blank=True)  # the body's HTML (html_clean)
    css = models.TextField(blank=True)  # the page's style sheet (checked: no code)
    settings = models.JSONField(default=dict)  # settings.py's PageSettings
    popup_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    form_keys = ArrayField(models.CharField(max_length=36), default=list, blank=True)
    rendered = models.TextField(blank=True)  # the visitor's document, built at publish
    created_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["page", "number"], name="page_version_number_unique")
        ]


class PageVisitDay(models.Model):
    """Visits of a published page per day (client's time zone): every visit, and the
    visitor's first of the day (`unique_visits`). Machines are not counted."""

    page = models.ForeignKey(LandingPage, on_delete=models.CASCADE, related_name="visit_days")
    day = models.DateField()
    visits = models.PositiveIntegerField(default=0)
    unique_visits = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["page", "day"], name="page_visit_day_unique")
        ]
