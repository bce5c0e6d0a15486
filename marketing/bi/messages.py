"""The BI segments' messages (the catalogue's BI part: core/messages.py says how the
catalogue works)."""

BI_NAME_TAKEN = "A BI segment with this name already exists."
BI_SEGMENT_NOT_FOUND = "BI segment not found."
BI_RULES_EVERY_CLIENT = (
    "BI segments use only what every client has: profile fields and email activity, not "
    "groups, tags or custom fields."
)
