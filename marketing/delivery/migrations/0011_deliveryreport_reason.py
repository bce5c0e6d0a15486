from django.db import migrations, models
from django.db.models import Q


class Migration(migrations.Migration):
    """Each bounce or complaint keeps the reason it was read with (bounce_reading); a
    profile's refused rows are found by an index of the failed rows alone (its bounce
    history)."""

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
            model_name="delivery",
            index=models.Index(
                condition=Q(state=5), fields=["profile_id"], name="delivery_failed_profile"
            ),
        ),
    ]
