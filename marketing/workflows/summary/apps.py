from django.apps import AppConfig


class SummaryNotificationsConfig(AppConfig):
    name = "marketing.workflows.summary"
    label = "workflow_summary"
    verbose_name = "Summary notifications"
