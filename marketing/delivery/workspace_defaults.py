"""The update-preferences page every client starts with (spec 5.5: one must remain;
migration 0003 wrote it; a new workspace gets it from the template and provisioning's
defaults step checks it, tenants/workspace_defaults.py)."""

DEFAULT_NAME = "Default Update Preferences"
DEFAULT_HEADING = "Manage your email preferences"
DEFAULT_INTRO = "Choose the emails you want to receive from us."
DEFAULT_GROUP_KEYS = ["newsletter"]


def preferences_default_ensure() -> None:
    from marketing.audience.selectors.groups import default_group_id
    from marketing.delivery.models import UpdatePreferences

    if UpdatePreferences.objects.filter(is_default=True).exists():
        return
    page = UpdatePreferences.objects.create(
        name=DEFAULT_NAME, heading=DEFAULT_HEADING, intro=DEFAULT_INTRO, is_default=True
    )
    page.groups.set([pk for key in DEFAULT_GROUP_KEYS if (pk := default_group_id(key))])
