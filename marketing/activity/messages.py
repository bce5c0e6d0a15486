"""The messages of the Activity screen (the catalogue's activity part: core/messages.py
says how the catalogue works)."""

DATES_REVERSED = "The start date must not be after the end date."

UNKNOWN_OBJECT_TYPE = "Unknown object type."
