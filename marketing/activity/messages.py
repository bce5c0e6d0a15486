"""The messages of the Activity screen (the catalogue's activity part: core/messages.py
says how the catalogue works)."""

DATES_REVERSED = "The start date must not be after the end date."

ACTIVITY_EXPORT_FAILED = "Something went wrong. The export was not written."

UNKNOWN_OBJECT_TYPE = "Unknown object type."
