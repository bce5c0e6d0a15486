"""Designer projects saved before the untrusted-content rule was kept as given: each is made
safe to open in the designer (core.untrusted_html.design_clean), as every save now does."""

from django.db import migrations

from marketing.content.email_html import email_design_clean


def designer_projects_clean(apps, schema_editor):
    Template = apps.get_model("content", "Template")
    for template in Template.objects.exclude(project_data=None).only("pk", "project_data"):
        cleaned = email_design_clean(template.project_data)
        if cleaned != template.project_data:
            Template.objects.filter(pk=template.pk).update(project_data=cleaned)


class Migration(migrations.Migration):
    dependencies = [("content", "0001_initial")]

    operations = [migrations.RunPython(designer_projects_clean, migrations.RunPython.noop)]
