from django.apps import AppConfig


class AudienceConfig(AppConfig):
    name = "marketing.audience"
    label = "audience"

    def ready(self) -> None:
        from marketing.audience.job_kinds import job_kinds_register
        from marketing.audience.selectors.profiles import profile_count_billable
        from tenants.plan_limits import Module, register_usage_counter

        register_usage_counter(Module.CONTACTS, profile_count_billable)
        job_kinds_register()
