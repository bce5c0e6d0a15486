"""Forms (tenant schema): opt-in forms a marketer builds (spec 2.1, 2.4: sspForm, a hosted
page; embeddedForm, a snippet for any website; surveyForm, questions at a URL path of its
own), their themes (spec 3), the consent texts they show (disclaimers, with versions), and
every submission a visitor made.

A `Form` holds the draft being edited (`definition`, definition.py) and points at the
`FormVersion` it published: the public page serves that frozen version, and a submission
names the version the visitor saw (its consent record). A `FormSubmission` is written
before the visitor gets an answer and processed after (docs/flows/form-submission.md):
`processed_at` says it was, `set_aside_at` that it kept failing and waits for a person."""

import uuid

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone


class FormType(models.TextChoices):
    SSP = "sspForm"
    EMBEDDED = "embeddedForm"
    SURVEY = "surveyForm"


class FormStatus(models.TextChoices):
    DRAFT = "Draft"
    PUBLISHED = "Published"
    UNPUBLISHED = "Unpublished"


class FormTheme(models.Model):
    """A look for forms (spec 3): every style group as validated JSON (definition.py's
    ThemeStyles). Preset themes come with every client and cannot be changed or deleted;
    a Custom theme is a client's own."""

    name = models.CharField(max_length=100)
    preset = models.BooleanField(default=False)
    styles = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="form_theme_name_ci_unique")]


class Disclaimer(models.Model):
    """A consent text admins manage (/managedisclaimer); forms reference it and each
    submission stores the version it showed."""

    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                condition=Q(deleted_at__isnull=True),
                name="disclaimer_name_ci_unique",
            )
        ]


class DisclaimerVersion(models.Model):
    """One wording of a disclaimer, frozen: a change writes the next number."""

    disclaimer = models.ForeignKey(Disclaimer, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField()  # cleaned HTML (core.untrusted_html.html_clean)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["disclaimer", "number"], name="disclaimer_version_unique"
            )
        ]


class Form(models.Model):
    name = models.CharField(max_length=100)
    form_type = models.CharField(max_length=20, choices=FormType.choices)
    status = models.CharField(max_length=20, choices=FormStatus.choices, default=FormStatus.DRAFT)
    # The public page's address: /pf/<key> (an id that cannot be guessed or counted).
    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # A survey form's own path: /s/<survey_path> (spec 5.5: unique).
    survey_path = models.CharField(max_length=100, null=True, blank=True)
    definition = models.JSONField(default=dict)  # the draft (definition.py)
    theme = models.ForeignKey(FormTheme, null=True, blank=True, on_delete=models.SET_NULL)
    disclaimer = models.ForeignKey(Disclaimer, null=True, blank=True, on_delete=models.PROTECT)
    double_opt_in = models.BooleanField(default=True)
    published_version = models.ForeignKey(
        "FormVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_id = models.BigIntegerField(null=True, blank=True)  # tenants.User (public)
    created_by_email = models.CharField(max_length=254, blank=True)
    locked = models.BooleanField(default=False)
    # A progressive form's campaigns (spec 4): publishing the form publishes them,
    # unpublishing it unpublishes them (services/progressive.py).
    campaign_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    # The survey report's share (/external/dynamicformreport): the signed public link names
    # this key; clearing it revokes every link given out.
    report_share_key = models.UUIDField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # spec 5.4: duplicate names refused, whatever their case, among live forms
            models.UniqueConstraint(
                Lower("name"), condition=Q(deleted_at__isnull=True), name="form_name_ci_unique"
            ),
            models.UniqueConstraint(
                Lower("survey_path"),
                condition=Q(deleted_at__isnull=True, survey_path__isnull=False),
                name="form_survey_path_unique",
            ),
        ]


class FormVersion(models.Model):
    """What a publish froze: the definition, theme styles and disclaimer wording the
    public page shows."""

    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    definition = models.JSONField()
    theme_styles = models.JSONField(default=dict)
    disclaimer_version = models.ForeignKey(
        DisclaimerVersion, null=True, blank=True, on_delete=models.PROTECT
    )
    double_opt_in = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["form", "number"], name="form_version_unique")
        ]


class FormSubmission(models.Model):
    """One visitor's submission, stored before the answer (the durable raw row).

    `payload` is what the visitor sent, already checked against the version's fields
    (field key -> value, plus `utm` and the chosen `groups`/`tags`); it is untrusted text
    and is escaped wherever it is shown."""

    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="submissions")
    version = models.ForeignKey(FormVersion, on_delete=models.PROTECT)
    email = models.CharField(max_length=254)  # normalised
    payload = models.JSONField(default=dict)
    ip = models.CharField(max_length=45, blank=True)
    user_agent = models.CharField(max_length=255, blank=True)
    source_page = models.CharField(max_length=2000, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    processed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    failed_reason = models.CharField(max_length=500, blank=True)
    set_aside_at = models.DateTimeField(null=True, blank=True)
    confirmation_sent_at = models.DateTimeField(null=True, blank=True)
    # The consent: when it was given (confirmed, with double opt-in), from where.
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_ip = models.CharField(max_length=45, blank=True)
    profile_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        indexes = [
            # The sweep's question: submissions never processed (a broker outage).
            models.Index(
                fields=["created_at"],
                condition=Q(processed_at__isnull=True, set_aside_at__isnull=True),
                name="form_submission_pending",
            ),
            models.Index(fields=["form", "-created_at"], name="form_submission_form_idx"),
            models.Index(fields=["profile_id"], name="form_submission_profile_idx"),
            # The conversions report and the "submitted form X" segment rule: a form's
            # submissions in a range, with their source page and consent, from the index.
            models.Index(
                fields=["form", "created_at"],
                include=["source_page", "confirmed_at"],
                name="form_submission_report_idx",
            ),
            models.Index(
                fields=["form", "profile_id"],
                condition=Q(profile_id__isnull=False),
                name="form_submission_member_idx",
            ),
        ]


class FormViewDay(models.Model):
    """How many times a form's public page was shown, per day (the client's time zone)
    and source page: the conversions report's views. One row per (form, day, page),
    counted up by an upsert (services/views.py), never one row per view."""

    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="view_days")
    day = models.DateField()
    source_page = models.CharField(max_length=500, blank=True)
    views = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["form", "day", "source_page"], name="form_view_day_unique"
            )
        ]


class OptOutForm(models.Model):
    """The page a message's unsubscribe link opens (spec 2.1 /OptoutForms, 2.4
    /OptoutForm/:formId, 5.5): the reasons a person may give, the category's groups they
    may leave instead of every email, the button's text, the thank-you text and the theme.
    The unsubscribe link shows the default one; every client has one (migration 0003)
    and a default is never deleted (services/optout_forms.py)."""

    name = models.CharField(max_length=100)
    heading = models.CharField(max_length=200)
    intro = models.CharField(max_length=1000, blank=True)
    reasons = models.JSONField(default=list)  # the reasons offered, in order
    category = models.ForeignKey(
        "audience.GroupCategory", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    groups = models.ManyToManyField("audience.Group", blank=True, related_name="+")
    button_text = models.CharField(max_length=50)
    thank_you_html = models.TextField(blank=True)  # cleaned HTML (core.untrusted_html)
    theme = models.ForeignKey(FormTheme, null=True, blank=True, on_delete=models.SET_NULL)
    is_default = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("name"), name="optout_form_name_ci_unique"),
            models.UniqueConstraint(
                fields=["is_default"], condition=Q(is_default=True), name="optout_form_one_default"
            ),
        ]


class OptOutResponse(models.Model):
    """What a person chose on an opt-out form: the reason they gave (one of the form's, as
    it read then) and whether they left every email or only some groups."""

    form = models.ForeignKey(OptOutForm, null=True, on_delete=models.SET_NULL)
    profile_id = models.BigIntegerField()
    send_id = models.BigIntegerField(null=True)
    reason = models.CharField(max_length=200, blank=True)
    left_group_ids = models.JSONField(default=list)
    unsubscribed = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
