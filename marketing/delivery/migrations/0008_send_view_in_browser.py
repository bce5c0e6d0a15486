from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("delivery", "0007_send_parts_and_row_senders"),
    ]

    operations = [
        migrations.AddField(
            model_name="send",
            name="view_in_browser",
            field=models.BooleanField(db_default=False, default=False),
        ),
    ]
