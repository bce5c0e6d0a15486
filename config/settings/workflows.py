from config.settings.env import env

# Spec 9: summary-notification emails use a fixed company address and admin sender as
# footer (marketing/workflows/summary/digests.py).
SUMMARY_NOTIFICATION_FROM_NAME = env("SUMMARY_NOTIFICATION_FROM_NAME", default="Mailcraft Admin")
SUMMARY_NOTIFICATION_FROM_ADDRESS = env(
    "SUMMARY_NOTIFICATION_FROM_ADDRESS", default="admin@mailcraft.localhost"
)
SUMMARY_NOTIFICATION_COMPANY_ADDRESS = env(
    "SUMMARY_NOTIFICATION_COMPANY_ADDRESS",
    default="Mailcraft Inc., 100 Main Street, Suite 200, Springfield, IL 62701, USA",
)
# At most this many recipients per summary notification.
SUMMARY_NOTIFICATION_MAX_RECIPIENTS = env.int("SUMMARY_NOTIFICATION_MAX_RECIPIENTS", default=20)
