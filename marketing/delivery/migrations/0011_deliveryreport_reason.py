from django.db import migrations, models


class Migration(migrations.Migration):
    """Each bounce or complaint keeps the reason it was read with (bounce_reading)."""

    dependencies = [
        ("delivery", "0010_delivery_send_index_dropped"),
    ]

    operations = [
        migrations.AddField(
            model_name="deliveryreport",
            name="reason",
            field=models.CharField(blank=True, max_length=20),
        ),
    ]
