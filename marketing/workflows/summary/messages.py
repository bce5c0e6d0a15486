"""What the summary-notification screens and calls say (spec 5.9's rules: a name and a
description are required, trigger details are required, an email must be valid)."""

# A summary notification is a workflow: its name and description are refused as the
# workflow's are (marketing/workflows/messages.py: NAME_REQUIRED, DESCRIPTION_REQUIRED,
# NAME_TAKEN).
FREQUENCY_REQUIRED = "Please select how often the summary is sent (Day, Week or Month)."
WEEKDAYS_REQUIRED = "Please select at least one weekday."
MONTH_DAYS_REQUIRED = "Please select at least one day of the month."
MONTH_DAYS_RANGE = "Days of the month are 1 to 31."
CUSTOMISED_DAYS_CHOICES = "Customised days are the 1st, 2nd, 5th, 10th, 15th, 20th or 25th."
WEEKDAYS_RANGE = "Weekdays are 0 (Sunday) to 6 (Saturday)."
PERIOD_REQUIRED = "Please select the period the summary covers (today, week, month or quarter)."
RECIPIENTS_REQUIRED = "Please enter at least one recipient email."
RECIPIENTS_LIMIT = "A summary notification can go to at most {limit} recipients."
SUMMARY_NOT_FOUND = "Summary notification not found."
SUMMARY_LINK_INVALID = "This summary link is invalid or has expired."

DIGEST_SUBJECT = "{client}: your {period} summary"
PERIOD_LABELS = {
    "today": "daily",
    "week": "weekly",
    "month": "monthly",
    "quarter": "quarterly",
}
