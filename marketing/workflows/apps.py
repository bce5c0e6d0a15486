from django.apps import AppConfig


class WorkflowsConfig(AppConfig):
    name = "marketing.workflows"
    label = "workflows"
    verbose_name = "Workflows"

    def ready(self) -> None:
        from core.profile_events import profile_event, profile_events_interest_register
        from marketing.workflows.engine.events import on_profile_event
        from marketing.workflows.engine.triggers import active_triggers

        profile_event.connect(on_profile_event, dispatch_uid="workflows.engine")
        # Writers skip building events of a kind no published workflow listens for.
        profile_events_interest_register(lambda kind: bool(active_triggers(kind)))
