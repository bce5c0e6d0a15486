"""Workflows (tenant schema): automations a marketer draws on a canvas, and the
enrollments that carry profiles through them.

A `Workflow` keeps the draft being edited (`draft_definition`, the canvas graph) and points
at the `WorkflowVersion` it published. A version is frozen: publishing writes a new one,
and an enrollment stays on the version it started on (steps are matched by id when a
rule moves it; docs/flows/workflow-enrollment.md).

The definition (one JSON document, validated by definition.py):

    {"trigger": {"id": "trigger", "kind": "<TriggerKind>", ...its details},
     "steps": [{"id": "s1", "type": "<StepType>", "next": "s2", ...its fields},
               {"id": "s3", "type": "condition", "yes": "s4", "no": "s5", ...},
               {"id": "s6", "type": "split", "branches": [{"percent": 50, "next": "s7"}, ...]}],
     "start": "s1",
     "positions": {"trigger": {"x": 0, "y": 0}, "s1": {"x": 0, "y": 120}}}

An `Enrollment` is one profile's way through one version: its current step and the time
that step is due. The engine claims due rows with SKIP LOCKED and runs a step's effect and
the move to the next step in one transaction, so a step runs at most once; timers are
`due_at` values found by a partial index, never broker countdowns. `EnrollmentStep` is the
profile's history (each step with its time and outcome).
"""

from django.db import models
from django.db.models import Q


class WorkflowStatus(models.TextChoices):
    DRAFT = "Draft"
    PUBLISHED = "Published"
    UNPUBLISHED = "Unpublished"
    FAILED = "Failed"
    SCHEDULED = "Scheduled"
    DELETE = "Delete"


class WorkflowTab(models.TextChoices):
    """Spec 3's tabs; "Inactive workflows" is not a tab a workflow belongs to but the ones
    not published (selectors)."""

    SYSTEM = "System"
    DEFAULT = "Default"
    REP_NOTIFICATIONS = "Rep Notifications"
    SEQUENCE = "Sequence"
    CUSTOM = "Custom"


class TriggerType(models.TextChoices):
    AUTOMATION = "automation"
    STAGE_CHANGED = "stageChanged"
    SUMMARY_NOTIFICATION = "summaryNotification"


class TriggerCategory(models.TextChoices):
    PRODUCTION = "production"
    CHARGEBRITE = "chargeBrite"


class TriggerKind(models.TextChoices):
    """What starts an enrollment (the definition's trigger.kind)."""

    FORM_SUBMISSION = "formSubmission"
    EMAIL_ACTIVITY = "emailActivity"  # trigger.activity: EmailActivity
    WEBHOOK = "webhook"
    SEGMENT_ENTERED = "segmentEntered"
    SEGMENT_LEFT = "segmentLeft"
    FIELD_CHANGED = "fieldChanged"
    GROUP_ADDED = "groupAdded"
    GROUP_REMOVED = "groupRemoved"
    TAG_ADDED = "tagAdded"
    TAG_REMOVED = "tagRemoved"
    DATE_FIELD = "dateField"  # birthday, renewal: N days before/after, at a time
    STAGE_CHANGED = "stageChanged"
    SUMMARY_NOTIFICATION = "summaryNotification"  # day, week, month, quarter
    CHARGEBRITE = "chargeBrite"  # a commerce event (marketing/commerce): trigger.commerceEvent


class EmailActivity(models.TextChoices):
    EMAIL_OPENED = "emailOpened"
    LINK_CLICK = "linkClick"
    BOUNCE = "bounce"
    SPAM = "spam"
    OPTIN = "optin"
    OPTED_OUT = "optedOut"
    UNSUBSCRIBE_FROM_ALL = "unsubscribeFromAll"


class StepType(models.TextChoices):
    SEND_EMAIL = "sendEmail"
    WAIT = "wait"
    CONDITION = "condition"
    SPLIT = "split"
    UPDATE_FIELD = "updateField"
    ADD_GROUP = "addGroup"
    REMOVE_GROUP = "removeGroup"
    ADD_TAG = "addTag"
    REMOVE_TAG = "removeTag"
    NOTIFY_REP = "notifyRep"
    WEBHOOK = "webhook"
    GOAL = "goal"
    END = "end"


class ReEntry(models.TextChoices):
    NEVER = "never"
    AFTER_COMPLETION = "afterCompletion"
    ALWAYS = "always"


class Workflow(models.Model):
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    tab = models.CharField(max_length=30, choices=WorkflowTab.choices, default=WorkflowTab.CUSTOM)
    status = models.CharField(
        max_length=20, choices=WorkflowStatus.choices, default=WorkflowStatus.DRAFT
    )
    trigger_type = models.CharField(
        max_length=30, choices=TriggerType.choices, default=TriggerType.AUTOMATION
    )
    trigger_category = models.CharField(
        max_length=30, choices=TriggerCategory.choices, default=TriggerCategory.PRODUCTION
    )
    re_entry = models.CharField(max_length=20, choices=ReEntry.choices, default=ReEntry.NEVER)
    # The workflow settings (send window from/to time, allowed days, the longest delay,
    # whose time zone a day-only wait uses...): definition.py names and checks the keys.
    settings = models.JSONField(default=dict, blank=True)
    draft_definition = models.JSONField(default=dict, blank=True)
    published_version = models.ForeignKey(
        "WorkflowVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_id = models.BigIntegerField(null=True, blank=True)  # tenants.User id
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                models.functions.Lower("name"),
                condition=~Q(status="Delete"),
                name="workflow_name_unique",
            )
        ]

    def __str__(self) -> str:
        return self.name


class WorkflowVersion(models.Model):
    workflow = models.ForeignKey(Workflow, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    definition = models.JSONField()
    settings = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["workflow", "number"], name="workflow_version_unique")
        ]


class WorkflowTrigger(models.Model):
    """The published triggers, one row per (version, kind, key), so that an event written by
    tracking, audience, segments or forms finds the workflows it starts with one indexed
    read instead of reading every definition. Written on publish, deactivated on
    unpublish. `key` narrows the match: the email activity, the segment, group, tag, form
    or field id; "" matches any."""

    workflow = models.ForeignKey(Workflow, on_delete=models.CASCADE, related_name="triggers")
    version = models.ForeignKey(WorkflowVersion, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=30, choices=TriggerKind.choices)
    key = models.CharField(max_length=200, blank=True, default="")
    details = models.JSONField(default=dict)
    active = models.BooleanField(default=True)
    # Sweep-found triggers (segment entry or exit, date fields): when the engine's sweep
    # last looked (null: not yet; a segment's first look only takes its members as they
    # are, so publishing enrolls no one who was already in it).
    swept_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["kind", "key"], condition=Q(active=True), name="workflow_trigger_active"
            )
        ]


class EnrollmentStatus(models.TextChoices):
    """Spec 3's history statuses."""

    IN_PROCESS = "InProcess"
    COMPLETED = "Completed"
    DROPPED = "Dropped"
    TERMINATED = "Terminated"
    FAILED = "Failed"


class Enrollment(models.Model):
    # No database check on these two: a segment entry writes a million rows in one
    # statement, and the per-row checks (deferred to the COMMIT) cost more than the
    # INSERT. Enrollments are written only by engine/enroll.py, from a published trigger,
    # which holds a key-share lock on the workflow and the version for the statement;
    # workflows and versions are never deleted (a workflow's delete is a status).
    # `workflow` has no index of its own: enrollment_once and enrollment_by_workflow lead
    # with it.
    workflow = models.ForeignKey(
        Workflow,
        on_delete=models.CASCADE,
        related_name="enrollments",
        db_constraint=False,
        db_index=False,
    )
    version = models.ForeignKey(
        WorkflowVersion, on_delete=models.PROTECT, related_name="+", db_constraint=False
    )
    profile_id = models.BigIntegerField()  # a plain id, like the ledger's
    status = models.CharField(
        max_length=20, choices=EnrollmentStatus.choices, default=EnrollmentStatus.IN_PROCESS
    )
    step_id = models.CharField(max_length=40)  # the definition's step id it is at
    # When the current step may run: now for an immediate step, a timer's instant for a
    # wait. Null once finished.
    due_at = models.DateTimeField(null=True, blank=True)
    # A claim's lease: a worker that dies leaves it, and the sweep takes the row again
    # after it (the step's effect and the move commit together, so nothing repeats).
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    # One enrollment per profile per trigger occurrence (an event's id, a segment entry's
    # instant, a date's year...): a repeated event enrolls no one twice.
    occurrence = models.CharField(max_length=200)
    # What the trigger carried (form data, webhook data, the link clicked, the campaign's
    # name): the automation merge tags read it.
    context = models.JSONField(default=dict, blank=True)
    enrolled_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    status_message = models.CharField(max_length=500, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["workflow", "profile_id", "occurrence"], name="enrollment_once"
            )
        ]
        indexes = [
            models.Index(fields=["due_at"], condition=Q(status="InProcess"), name="enrollment_due"),
            models.Index(fields=["workflow", "status"], name="enrollment_by_workflow"),
            models.Index(fields=["profile_id"], name="enrollment_by_profile"),
        ]


class EnrollmentStep(models.Model):
    """A profile's history in a workflow: each step it ran, when, and what came of it."""

    # No database check (a batch writes a history row per step it ran: thousands): each
    # row is written in the transaction that holds its enrollment's row lock (the runner's
    # batch, a goal, a resume or terminate), and enrollments are never deleted. No index
    # of its own: enrollment_step_at leads with it.
    enrollment = models.ForeignKey(
        Enrollment,
        on_delete=models.CASCADE,
        related_name="steps",
        db_constraint=False,
        db_index=False,
    )
    step_id = models.CharField(max_length=40)
    step_type = models.CharField(max_length=20)
    # done, waiting, yes, no, branch:<n>, skipped, failed, goalMet, terminated...
    outcome = models.CharField(max_length=30)
    message = models.CharField(max_length=500, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["enrollment", "at"], name="enrollment_step_at")]


class SegmentTriggerMember(models.Model):
    """A segment-triggered workflow's memory of the segment's members at its last sweep
    (segments keep no membership table: a dynamic segment is its query). The sweep
    compares the query with these rows: members now and not here entered, here and not
    members now left (engine/segment_sweep.py)."""

    # No database constraint: a segment entry writes a row per member (a million at once),
    # and a deferred foreign key check per row doubled the sweep's commit. The ORM still
    # deletes the rows with their trigger.
    trigger = models.ForeignKey(
        WorkflowTrigger, on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    profile_id = models.BigIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["trigger", "profile_id"], name="segment_trigger_member_once"
            )
        ]


class WorkflowEmail(models.Model):
    """One email step of one version: its id is what the delivery ledger's `Send` names as
    its source (kind workflowStep) and what tracking's events carry as `workflow_step_id`,
    so each workflow email has its report."""

    workflow = models.ForeignKey(Workflow, on_delete=models.CASCADE, related_name="+")
    version = models.ForeignKey(WorkflowVersion, on_delete=models.CASCADE, related_name="+")
    step_id = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["version", "step_id"], name="workflow_email_once")
        ]
