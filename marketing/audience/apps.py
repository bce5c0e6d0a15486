from django.apps import AppConfig


class AudienceConfig(AppConfig):
    name = "marketing.audience"
    label = "audience"

    def ready(self) -> None:
        from marketing.audience.job_kinds import job_kinds_register
        from marketing.audience.selectors.profiles import profile_count_billable
        from marketing.audience.workspace_defaults import default_groups_ensure
        from tenants.plan_limits import Module, register_usage_counter
        from tenants.workspace_defaults import register_workspace_default

        register_usage_counter(Module.CONTACTS, profile_count_billable)
        job_kinds_register()
        register_workspace_default(
            key="groups", label="Default groups", ensure=default_groups_ensure
        )
