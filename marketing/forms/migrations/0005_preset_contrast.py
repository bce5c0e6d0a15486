"""The preset themes' submit buttons read at 4.5:1 or more (WCAG AA): Classic's blue and
Dark's green were 4.2:1 and 2.8:1 with their white text. Presets are never edited by a
client, so they take the current definition as it is."""

from django.db import migrations


def presets_update(apps, schema_editor):
    from marketing.forms.definition import PRESET_THEMES

    FormTheme = apps.get_model("forms", "FormTheme")
    for name in ("Classic", "Dark"):
        FormTheme.objects.filter(name=name, preset=True).update(styles=PRESET_THEMES[name])


class Migration(migrations.Migration):
    dependencies = [("forms", "0004_default_optout_form")]

    operations = [migrations.RunPython(presets_update, migrations.RunPython.noop)]
