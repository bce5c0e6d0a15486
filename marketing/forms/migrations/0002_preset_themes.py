"""Every client starts with the preset themes (spec 3: preset themes plus Custom)."""

from django.db import migrations


def presets_add(apps, schema_editor):
    from marketing.forms.definition import PRESET_THEMES

    FormTheme = apps.get_model("forms", "FormTheme")
    for name, styles in PRESET_THEMES.items():
        FormTheme.objects.get_or_create(name=name, defaults={"preset": True, "styles": styles})


class Migration(migrations.Migration):
    dependencies = [("forms", "0001_initial")]

    operations = [migrations.RunPython(presets_add, migrations.RunPython.noop)]
