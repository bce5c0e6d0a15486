"""The human campaign index in (campaign, event type, profile, time) order: a campaign
report counts people and lists them from an index-only scan in profile order, with no
sort (it was (campaign, event type, time, profile))."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tracking", "0004_event_machine_campaign"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="emailevent", name="event_human_campaign"),
        migrations.AddIndex(
            model_name="emailevent",
            index=models.Index(
                condition=models.Q(("campaign_id__isnull", False), ("machine", False)),
                fields=["campaign_id", "event_type", "profile_id", "occurred_at"],
                name="event_human_campaign",
            ),
        ),
    ]
