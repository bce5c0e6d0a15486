import secrets

from django.db import migrations, models


def tokens_make(apps, schema_editor):
    """Domains saved before (on their CNAME alone) stay in use, so links in mail already
    sent keep working; each gets its token for the next save to prove."""
    TrackingDomain = apps.get_model("senders", "TrackingDomain")
    for domain in TrackingDomain.objects.all():
        domain.verification_token = secrets.token_hex(16)
        domain.verified_at = domain.checked_at
        domain.save(update_fields=["verification_token", "verified_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("senders", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="trackingdomain",
            name="verification_token",
            field=models.CharField(default="", max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="trackingdomain",
            name="verified_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(tokens_make, migrations.RunPython.noop),
    ]
