"""Summary notifications: a scheduled digest of the client's own figures, mailed to chosen
recipients (a workflow whose trigger type is summaryNotification). See docs in
services.py (schedules), digests.py (the sweep and the mail) and figures.py."""
