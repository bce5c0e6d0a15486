"""The audience app's background jobs, registered with the jobs app when the app is ready
(apps.py). The stored values and labels are those the jobs list has always shown."""

from django.db import models

from marketing.jobs.kinds import register_job_kind


class JobKind(models.TextChoices):
    PROFILE_IMPORT = "profileImport", "Import Subscribers"
    UNSUBSCRIBER_IMPORT = "unsubscriberImport", "Import Unsubscribers"
    PROFILE_EXPORT = "profileExport", "Export Profiles"
    EMAIL_VERIFICATION = "emailVerification", "Email Verification"


NOTHING_IMPORTED = "Something went wrong. Nothing was imported."
# What a person reads when a run fails unexpectedly (marketing/jobs/runner.py).
FAILURE_MESSAGES = {
    JobKind.PROFILE_IMPORT: NOTHING_IMPORTED,
    JobKind.UNSUBSCRIBER_IMPORT: NOTHING_IMPORTED,
    JobKind.PROFILE_EXPORT: "Something went wrong. The export was not written.",
    JobKind.EMAIL_VERIFICATION: "Something went wrong.",
}


def job_kinds_register() -> None:
    for kind in JobKind:
        register_job_kind(kind.value, kind.label, failure_message=FAILURE_MESSAGES[kind])
