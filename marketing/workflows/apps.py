from django.apps import AppConfig


class WorkflowsConfig(AppConfig):
    name = "marketing.workflows"
    label = "workflows"
    verbose_name = "Workflows"

    def ready(self) -> None:
        from marketing.workflows.selectors import workflows_count
        from tenants.plan_limits import Module, register_usage_counter

        register_usage_counter(Module.WORKFLOWS, workflows_count)
