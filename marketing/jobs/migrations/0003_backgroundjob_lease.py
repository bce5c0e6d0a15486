from django.db import migrations, models


def finished_jobs_not_cancellable(apps, schema_editor):
    """A finished job is never cancellable: the row says so from now on (job_finish)."""
    BackgroundJob = apps.get_model("jobs", "BackgroundJob")
    BackgroundJob.objects.exclude(status__in=["Pending", "InProcess"]).update(cancellable=False)


class Migration(migrations.Migration):
    dependencies = [
        ("jobs", "0002_backgroundjob_file_path"),
    ]

    operations = [
        migrations.AddField(
            model_name="backgroundjob",
            name="attempt",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="backgroundjob",
            name="lease_expires_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="backgroundjob",
            name="kind",
            field=models.CharField(max_length=40),
        ),
        migrations.RunPython(finished_jobs_not_cancellable, migrations.RunPython.noop),
    ]
