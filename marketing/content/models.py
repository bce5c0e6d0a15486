"""Content (tenant schema): template folders, templates, campaign headers and footers.

A folder belongs to one template type and may sit in another folder of the same type;
a template belongs to one type and at most one folder of it. Names are unique whatever
their case (spec 5.4): templates per type, folders per type and parent, headers and
footers per client. The database holds each rule, so two concurrent saves cannot both
slip through."""

from django.contrib.postgres.indexes import GinIndex
from django.db import models
from django.db.models.functions import Coalesce, Lower
from django.utils import timezone


class TemplateType(models.TextChoices):
    """Wire values and the spec's labels (spec 3, template folder types)."""

    DESIGNER = "designer", "Campaign Designer"
    HTML = "html", "HTML"
    PLAIN_TEXT = "plainText", "Plain Text"
    RSS = "rss", "RSS"
    POLL = "poll", "Poll"
    LP_HTML = "lpHtml", "Landing Page HTML"
    LP_DESIGNER = "lpDesigner", "Landing Page Designer"
    POPUP = "popup", "Popups"
    CHECKOUT = "checkout", "Checkout Pages"


class _Authored(models.Model):
    created_by_id = models.BigIntegerField(null=True, blank=True)  # tenants.User (public)
    created_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True


class _Edited(_Authored):
    updated_by_id = models.BigIntegerField(null=True, blank=True)
    updated_by_email = models.CharField(max_length=254, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True


class TemplateFolder(_Authored):
    name = models.CharField(max_length=20)  # spec 5.4: a single-field name, 20 at most
    folder_type = models.CharField(max_length=12, choices=TemplateType.choices)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="subfolders"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                "folder_type",
                Coalesce("parent", 0),
                name="content_folder_name_ci_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(folder_type__in=TemplateType.values),
                name="content_folder_type_known",
            ),
        ]


class Template(_Edited):
    name = models.CharField(max_length=100)
    template_type = models.CharField(max_length=12, choices=TemplateType.choices)
    folder = models.ForeignKey(
        TemplateFolder, null=True, blank=True, on_delete=models.PROTECT, related_name="templates"
    )
    subject = models.CharField(max_length=255, blank=True)
    preview_text = models.CharField(max_length=255, blank=True)
    html = models.TextField(blank=True)  # email-safe: sanitized and inlined on save
    text = models.TextField(blank=True)
    project_data = models.JSONField(null=True, blank=True)  # the designer's, made safe on save
    # Every save of the content moves the version; a thumbnail is of one version.
    version = models.PositiveIntegerField(default=1)
    thumbnail_key = models.CharField(max_length=300, blank=True)  # default storage key
    thumbnail_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("name"), "template_type", name="content_template_name_ci_unique"
            ),
            models.CheckConstraint(
                condition=models.Q(template_type__in=TemplateType.values),
                name="content_template_type_known",
            ),
        ]
        indexes = [
            # Name search (case-insensitive contains, spec 5.1): name ILIKE '%x%'.
            GinIndex(
                fields=["name"], opclasses=["gin_trgm_ops"], name="content_template_name_trgm"
            ),
            models.Index("template_type", Lower("name"), "id", name="content_template_by_name"),
            models.Index(
                fields=["template_type", "-updated_at", "-id"], name="content_template_by_updated"
            ),
            models.Index(
                fields=["template_type", "-created_at", "-id"], name="content_template_by_created"
            ),
            models.Index("folder", Lower("name"), name="content_template_folder"),
        ]


class CampaignHeader(_Edited):
    name = models.CharField(max_length=100)
    html = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="content_header_name_ci_unique")]


class CampaignFooter(_Edited):
    name = models.CharField(max_length=100)
    html = models.TextField(blank=True)
    background_color = models.CharField(max_length=7, default="#ffffff")  # #rrggbb
    font_color = models.CharField(max_length=7, default="#000000")
    is_default = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("name"), name="content_footer_name_ci_unique"),
            # Spec 5.2: footer background and font colours must differ.
            models.CheckConstraint(
                condition=~models.Q(background_color=models.F("font_color")),
                name="content_footer_colours_differ",
            ),
            models.UniqueConstraint(
                fields=["is_default"],
                condition=models.Q(is_default=True),
                name="content_footer_one_default",
            ),
        ]
