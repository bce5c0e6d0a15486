"""The groups every client starts with (migration 0002 wrote them; a new workspace gets
them from the template and provisioning's defaults step checks them,
tenants/workspace_defaults.py)."""

DEFAULT_GROUPS = [
    ("crmContact", "CRM Contact"),
    ("websiteActivity", "Website Activity"),
    ("mediaKit", "Media Kit"),
    ("newsletter", "Newsletter"),
]


def default_groups_ensure() -> None:
    from marketing.audience.models import Group, GroupCategory

    category, _ = GroupCategory.objects.get_or_create(name="Default", defaults={"is_active": True})
    for key, name in DEFAULT_GROUPS:
        Group.objects.get_or_create(default_key=key, defaults={"name": name, "category": category})
