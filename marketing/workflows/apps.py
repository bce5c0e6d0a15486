from django.apps import AppConfig


class WorkflowsConfig(AppConfig):
    name = "marketing.workflows"
    label = "workflows"
    verbose_name = "Workflows"
