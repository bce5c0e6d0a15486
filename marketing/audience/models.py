"""A client's audience (tenant schema): profiles (contacts), the groups and categories they
belong to, tags, custom profile fields, reps, suppressed and public domains, unsubscribes
and imports.

Emails are stored lower-cased and unique: the import upsert and every lookup use the plain
column. Custom field values live in one JSONB column (typed JSON values: numbers as
numbers, dates as ISO strings, checkboxes as arrays) with a GIN index, so segments can
filter them without a join per field."""

from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Collate, Lower
from django.utils import timezone

from marketing.audience.profile_fields import max_length

CSB_THRESHOLD = 5  # consecutive soft bounces that flag a profile (spec 4, 9)


class VerificationStatus(models.TextChoices):
    VALID = "Valid"
    INVALID = "Invalid"
    UNKNOWN = "Unknown"
    PENDING = "Pending"


class ProfileSource(models.TextChoices):
    ADD_PROFILE = "addProfile"
    IMPORT = "import"
    CRM = "crm"
    WEBHOOK = "webhook"
    CONVERSION = "conversion"
    CHARGEBRITE = "chargeBrite"


class Rep(models.Model):
    rep_user_id = models.BigIntegerField(null=True, blank=True, unique=True)
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    email = models.EmailField(unique=True)
    is_active = models.BooleanField(default=True)


class GroupCategory(models.Model):
    name = models.CharField(max_length=100)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="group_category_name_ci_unique")]


class DefaultGroup(models.TextChoices):
    CRM_CONTACT = "crmContact", "CRM Contact"
    WEBSITE_ACTIVITY = "websiteActivity", "Website Activity"
    MEDIA_KIT = "mediaKit", "Media Kit"
    NEWSLETTER = "newsletter", "Newsletter"


class Group(models.Model):
    name = models.CharField(max_length=100)
    category = models.ForeignKey(
        GroupCategory, null=True, blank=True, on_delete=models.PROTECT, related_name="groups"
    )
    default_key = models.CharField(
        max_length=30, choices=DefaultGroup.choices, null=True, blank=True, unique=True
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("name"), name="group_name_ci_unique"),
            models.CheckConstraint(condition=~Q(name__contains=","), name="group_name_no_comma"),
        ]


class Tag(models.Model):
    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="tag_name_ci_unique")]


class FieldType(models.TextChoices):
    TEXT = "text"
    NUMBER = "number"
    DATE = "date"
    RADIO = "radio"
    DROPDOWN = "dropdown"
    CHECKBOX = "checkbox"


class ProfileField(models.Model):
    """A custom field; its values live under `key` in Profile.custom."""

    label = models.CharField(max_length=100)
    key = models.SlugField(max_length=64, unique=True)
    field_type = models.CharField(max_length=10, choices=FieldType.choices)
    options = ArrayField(models.CharField(max_length=200), default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("label"), name="profile_field_label_ci_unique")
        ]


# The sort and search key of a name column: lower-cased, compared byte-wise.
NAME_KEY = {column: Collate(Lower(column), "C") for column in ("first_name", "last_name")}


class Profile(models.Model):
    email = models.EmailField(max_length=max_length("email"))  # lower-case; unique (Meta)
    first_name = models.CharField(max_length=max_length("first_name"), blank=True)
    last_name = models.CharField(max_length=max_length("last_name"), blank=True)
    phone = models.CharField(max_length=max_length("phone"), blank=True)
    company = models.CharField(max_length=max_length("company"), blank=True)
    title = models.CharField(max_length=max_length("title"), blank=True)
    rep = models.ForeignKey(Rep, null=True, blank=True, on_delete=models.SET_NULL)
    address1 = models.CharField(max_length=max_length("address1"), blank=True)
    address2 = models.CharField(max_length=max_length("address2"), blank=True)
    city = models.CharField(max_length=max_length("city"), blank=True)
    state = models.CharField(max_length=max_length("state"), blank=True)
    country = models.CharField(max_length=max_length("country"), blank=True)
    county = models.CharField(max_length=max_length("county"), blank=True)
    zip_code = models.CharField(max_length=max_length("zip_code"), blank=True)
    custom = models.JSONField(default=dict, blank=True)
    source = models.CharField(
        max_length=20, choices=ProfileSource.choices, default=ProfileSource.ADD_PROFILE
    )
    verification_status = models.CharField(
        max_length=10, choices=VerificationStatus.choices, default=VerificationStatus.PENDING
    )
    verified_at = models.DateTimeField(null=True, blank=True)
    soft_bounce_streak = models.PositiveSmallIntegerField(default=0)
    is_active = models.BooleanField(default=True)
    do_not_email = models.BooleanField(default=False)
    unsubscribed_at = models.DateTimeField(null=True, blank=True)
    unsubscribe_source = models.CharField(max_length=30, blank=True)
    archived_at = models.DateTimeField(null=True, blank=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    groups = models.ManyToManyField(Group, through="ProfileGroup", related_name="profiles")
    tags = models.ManyToManyField(Tag, through="ProfileTag", related_name="profiles")

    class Meta:
        # A plain unique constraint (not unique=True): no unused varchar_pattern_ops index.
        constraints = [models.UniqueConstraint(fields=["email"], name="profile_email_unique")]
        # Every index here is dropped and rebuilt by a bulk import (services/imports/apply.py),
        # so each one costs every large import: keep only what a screen or a segment needs.
        indexes = [
            models.Index(fields=["verification_status"], name="profile_verification_idx"),
            models.Index(fields=["-created_at", "-id"], name="profile_created_idx"),
            # Case-insensitive name sorts and name-prefix search (C collation: LIKE 'x%'
            # uses the index).
            models.Index(
                NAME_KEY["last_name"], NAME_KEY["first_name"], F("id"), name="profile_name_idx"
            ),
            models.Index(NAME_KEY["first_name"], F("id"), name="profile_first_name_idx"),
            GinIndex(fields=["custom"], name="profile_custom_gin", opclasses=["jsonb_path_ops"]),
            # The search box's "email contains" (pg_trgm: LIKE '%x%').
            GinIndex(fields=["email"], opclasses=["gin_trgm_ops"], name="profile_email_trgm"),
        ]

    @property
    def is_csb(self) -> bool:
        return self.soft_bounce_streak >= CSB_THRESHOLD


class ProfileGroup(models.Model):
    profile = models.ForeignKey(Profile, on_delete=models.CASCADE)
    group = models.ForeignKey(Group, on_delete=models.CASCADE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["profile", "group"], name="profile_group_unique")
        ]
        indexes = [models.Index(fields=["group", "profile"], name="profile_group_by_group")]


class ProfileTag(models.Model):
    profile = models.ForeignKey(Profile, on_delete=models.CASCADE)
    tag = models.ForeignKey(Tag, on_delete=models.CASCADE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["profile", "tag"], name="profile_tag_unique")
        ]
        indexes = [models.Index(fields=["tag", "profile"], name="profile_tag_by_tag")]


class DomainType(models.IntegerChoices):
    SUPPRESSED = 1
    PUBLIC = 2


class ManagedDomain(models.Model):
    """Manage Domains (/disposabledomains): suppressed (disposable) and public domains."""

    domain = models.CharField(max_length=255, unique=True)
    domain_type = models.PositiveSmallIntegerField(choices=DomainType.choices)
    created_at = models.DateTimeField(default=timezone.now)


class Unsubscribe(models.Model):
    """The log of opt-outs; the profile's unsubscribed_at is what sends honour."""

    email = models.EmailField(max_length=254, db_index=True)
    profile = models.ForeignKey(Profile, null=True, blank=True, on_delete=models.SET_NULL)
    source = models.CharField(max_length=30)
    reason = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(default=timezone.now)


class ImportKind(models.TextChoices):
    SUBSCRIBERS = "subscribers"
    UNSUBSCRIBERS = "unsubscribers"


class InspectionStatus(models.TextChoices):
    """Whether an upload's headers and sample are known: an .xlsx file is read by the
    worker after the upload has answered (CSV is read during the upload)."""

    PENDING = "pending"
    READY = "ready"
    FAILED = "failed"


class ProfileImport(models.Model):
    """An uploaded file and what was made of it; its progress is its BackgroundJob's."""

    kind = models.CharField(max_length=15, choices=ImportKind.choices)
    file_name = models.CharField(max_length=255)
    file_path = models.CharField(max_length=500)  # under the client's media prefix
    file_sha256 = models.CharField(max_length=64)
    headers = models.JSONField(default=list)
    sample = models.JSONField(default=list, blank=True)  # the first data rows, as shown
    inspection = models.CharField(
        max_length=7, choices=InspectionStatus.choices, default=InspectionStatus.READY
    )
    inspection_error = models.CharField(max_length=500, blank=True)  # why it cannot be read
    mapping = models.JSONField(default=dict, blank=True)  # column index -> field key
    checkbox_separator = models.CharField(max_length=5, blank=True)
    # Off (the default, as in Mailchimp and HubSpot): an empty cell keeps the stored value.
    empty_cells_clear = models.BooleanField(default=False)
    group_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    tag_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    job = models.OneToOneField(
        "jobs.BackgroundJob", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rows_total = models.PositiveIntegerField(default=0)
    rows_inserted = models.PositiveIntegerField(default=0)
    rows_updated = models.PositiveIntegerField(default=0)
    rows_invalid = models.PositiveIntegerField(default=0)
    rows_duplicate = models.PositiveIntegerField(default=0)
    errors_path = models.CharField(max_length=500, blank=True)
    # When the rows were committed (the job may still be building indexes then).
    applied_at = models.DateTimeField(null=True, blank=True)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
