"""Every long operation of the product (imports, exports, verification, sends...) is a row
here: its progress, counts and outcome are what /backgroundJobs and progress bars show.
Kinds are registered by the apps that own them (marketing/jobs/kinds.py)."""

from django.db import models
from django.db.models import Q
from django.utils import timezone


class JobStatus(models.TextChoices):
    PENDING = "Pending"
    IN_PROCESS = "InProcess"
    COMPLETED = "Completed"
    FAILED = "Failed"
    CANCELLED = "Cancelled"


ACTIVE_STATUSES = (JobStatus.PENDING, JobStatus.IN_PROCESS)


class BackgroundJob(models.Model):
    kind = models.CharField(max_length=40)  # a registered kind (kinds.py)
    status = models.CharField(max_length=12, choices=JobStatus.choices, default=JobStatus.PENDING)
    # One running job per operation: "An existing background job is present ...".
    operation_key = models.CharField(max_length=100)
    title = models.CharField(max_length=255, blank=True)
    total = models.PositiveIntegerField(default=0)
    processed = models.PositiveIntegerField(default=0)
    succeeded = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True)
    params = models.JSONField(default=dict, blank=True)
    result = models.JSONField(default=dict, blank=True)
    # The file the job made, under the client's media prefix. Never sent to a browser: the
    # file is fetched by the job's id, gated like the job (downloadBase64).
    file_path = models.CharField(max_length=500, blank=True)
    cancel_requested = models.BooleanField(default=False)
    cancellable = models.BooleanField(default=False)
    started_by_id = models.BigIntegerField(null=True, blank=True)
    started_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The run that holds the job (services.job_claim): each claim counts one more attempt,
    # and only writes naming the current attempt land. The lease, renewed while the run
    # works, is what keeps a redelivered message from running beside it.
    attempt = models.PositiveIntegerField(default=0)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    # The task that runs the job, as it was sent (services.job_enqueue): the sweeper sends
    # it again when its message was lost (services.jobs_lost_resend).
    task_name = models.CharField(max_length=100, blank=True)
    task_kwargs = models.JSONField(default=dict, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    sends = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["operation_key"],
                condition=Q(status__in=["Pending", "InProcess"]),
                name="job_one_active_per_operation",
            )
        ]
        indexes = [
            models.Index(
                fields=["sent_at"],
                condition=Q(status__in=["Pending", "InProcess"]),
                name="job_active_sent_at",
            )
        ]

    @property
    def progress(self) -> int:
        if self.status == JobStatus.COMPLETED:
            return 100
        if not self.total:
            return 0
        return min(100, self.processed * 100 // self.total)
