"""Every client starts with one public, enabled campaign type, so that the guided flow's
'Please select campaign type' always has something to pick."""

from django.db import migrations


def general_type_add(apps, schema_editor):
    CampaignType = apps.get_model("campaigns", "CampaignType")
    if not CampaignType.objects.exists():
        CampaignType.objects.create(name="General", is_private=False, is_enabled=True)


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0001_initial")]

    operations = [migrations.RunPython(general_type_add, migrations.RunPython.noop)]
