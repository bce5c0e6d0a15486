from django.db import migrations, models
from django.db.models import Q


class Migration(migrations.Migration):
    """Each bounce or complaint keeps the reason it was read with (bounce_reading). Two
    small partial indexes: a profile's refused rows (its bounce history), and the bounces
    that blame the sender by when they came (the breaker's count)."""

    dependencies = [
        ("delivery", "0010_delivery_send_index_dropped"),
    ]

    operations = [
        migrations.AddField(
            model_name="deliveryreport",
            name="reason",
            field=models.CharField(blank=True, max_length=20),
        ),
        migrations.AddIndex(
            model_name="deliveryreport",
            index=models.Index(
                condition=Q(reason__in=["blocked", "spamDetected", "policy", "rateLimited"]),
                fields=["received_at"],
                name="delivery_report_sender",
            ),
        ),
        migrations.AddIndex(
            model_name="delivery",
            index=models.Index(
                condition=Q(state=5), fields=["profile_id"], name="delivery_failed_profile"
            ),
        ),
    ]
