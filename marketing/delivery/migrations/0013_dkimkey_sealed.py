"""DKIM private keys sealed at rest (core.sealing), as ESP credentials are: each existing
key's PEM is sealed into `private_key_sealed`, then the clear column goes. Backwards,
the PEMs are unsealed into the clear column again. (The branch's 0012 came first; the
lead renumbers at merge.)"""

from django.db import migrations, models

from core.sealing import seal, unseal


def _seal(apps, schema_editor):
    DkimKey = apps.get_model("delivery", "DkimKey")
    for key in DkimKey.objects.all():
        key.private_key_sealed = seal(key.private_pem)
        key.save(update_fields=["private_key_sealed"])


def _unseal(apps, schema_editor):
    DkimKey = apps.get_model("delivery", "DkimKey")
    for key in DkimKey.objects.all():
        key.private_pem = unseal(key.private_key_sealed)
        key.save(update_fields=["private_pem"])


class Migration(migrations.Migration):
    dependencies = [
        ("delivery", "0012_suppression_from_test_send"),
    ]

    operations = [
        migrations.AddField(
            model_name="dkimkey",
            name="private_key_sealed",
            field=models.TextField(default=""),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="dkimkey",
            name="private_pem",
            field=models.TextField(default=""),
        ),
        migrations.RunPython(_seal, _unseal),
        migrations.RemoveField(model_name="dkimkey", name="private_pem"),
    ]
