from django.apps import AppConfig


class WorkflowsConfig(AppConfig):
    name = "marketing.workflows"
    label = "workflows"
    verbose_name = "Workflows"

    def ready(self) -> None:
        from core.profile_events import profile_event
        from marketing.workflows.engine.events import on_profile_event
        from marketing.workflows.selectors import workflows_count
        from tenants.plan_limits import Module, register_usage_counter

        profile_event.connect(on_profile_event, dispatch_uid="workflows.engine")
        register_usage_counter(Module.WORKFLOWS, workflows_count)
