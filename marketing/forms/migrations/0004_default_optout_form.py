"""Every client starts with a default opt-out form (spec 5.5: one must remain)."""

from django.db import migrations


def default_add(apps, schema_editor):
    from marketing.forms.optout_defaults import DEFAULT_OPT_OUT_FORM

    OptOutForm = apps.get_model("forms", "OptOutForm")
    if not OptOutForm.objects.filter(is_default=True).exists():
        OptOutForm.objects.create(is_default=True, **DEFAULT_OPT_OUT_FORM)


class Migration(migrations.Migration):
    dependencies = [("forms", "0003_optout_forms")]

    operations = [migrations.RunPython(default_add, migrations.RunPython.noop)]
