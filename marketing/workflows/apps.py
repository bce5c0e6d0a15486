from django.apps import AppConfig


class WorkflowsConfig(AppConfig):
    name = "marketing.workflows"
    label = "workflows"
    verbose_name = "Workflows"

    def ready(self) -> None:
        from core.profile_events import profile_event
        from marketing.workflows.engine.events import on_profile_event

        profile_event.connect(on_profile_event, dispatch_uid="workflows.engine")
