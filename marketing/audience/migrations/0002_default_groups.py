from django.db import migrations


def create_default_groups(apps, schema_editor):
    from marketing.audience.workspace_defaults import DEFAULT_GROUPS

    GroupCategory = apps.get_model("audience", "GroupCategory")
    Group = apps.get_model("audience", "Group")
    category, _ = GroupCategory.objects.get_or_create(name="Default", defaults={"is_active": True})
    for key, name in DEFAULT_GROUPS:
        Group.objects.get_or_create(default_key=key, defaults={"name": name, "category": category})


class Migration(migrations.Migration):
    dependencies = [("audience", "0001_initial")]

    operations = [migrations.RunPython(create_default_groups, migrations.RunPython.noop)]
