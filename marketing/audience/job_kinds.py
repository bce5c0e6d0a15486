"""The audience app's background jobs, registered with the jobs app when the app is ready
(apps.py). The stored values and labels are those the jobs list has always shown."""

from django.db import models

from core.messages import EXPORT_NOT_WRITTEN, SOMETHING_WENT_WRONG
from marketing.audience.messages import NOTHING_IMPORTED
from marketing.jobs.kinds import register_job_kind


class JobKind(models.TextChoices):
    PROFILE_IMPORT = "profileImport", "Import Subscribers"
    UNSUBSCRIBER_IMPORT = "unsubscriberImport", "Import Unsubscribers"
    PROFILE_EXPORT = "profileExport", "Export Profiles"
    EMAIL_VERIFICATION = "emailVerification", "Email Verification"


# What a person reads when a run fails unexpectedly (marketing/jobs/runner.py).
FAILURE_MESSAGES = {
    JobKind.PROFILE_IMPORT: NOTHING_IMPORTED,
    JobKind.UNSUBSCRIBER_IMPORT: NOTHING_IMPORTED,
    JobKind.PROFILE_EXPORT: EXPORT_NOT_WRITTEN,
    JobKind.EMAIL_VERIFICATION: SOMETHING_WENT_WRONG,
}


def job_kinds_register() -> None:
    for kind in JobKind:
        register_job_kind(kind.value, kind.label, failure_message=FAILURE_MESSAGES[kind])
