from django.apps import AppConfig


class WorkflowsConfig(AppConfig):
    name = "marketing.workflows"
    label = "workflows"
    verbose_name = "Workflows"

    def ready(self) -> None:
        from core.profile_events import profile_event, profile_events_interest_register
        from marketing.workflows.engine.events import on_profile_event
        from marketing.workflows.engine.goals import goals_for
        from marketing.workflows.engine.triggers import active_triggers
        from marketing.workflows.selectors import workflows_count
        from tenants.plan_limits import Module, register_usage_counter

        profile_event.connect(on_profile_event, dispatch_uid="workflows.engine")
        # Writers skip building events of a kind no published workflow listens for (as a
        # trigger, or as a goal such an event could meet).
        profile_events_interest_register(
            lambda kind: bool(active_triggers(kind)) or bool(goals_for(kind))
        )
        register_usage_counter(Module.WORKFLOWS, workflows_count)
