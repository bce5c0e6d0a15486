"""Suppressions from a test send's bounce or complaint are marked, so that the breaker
leaves them out (issue 22.2). Numbered 0012: another branch adds a 0011."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("delivery", "0011_deliveryreport_reason"),
    ]

    operations = [
        migrations.AddField(
            model_name="suppression",
            name="from_test_send",
            field=models.BooleanField(db_default=False, default=False),
        ),
    ]
