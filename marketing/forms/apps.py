from django.apps import AppConfig


class FormsConfig(AppConfig):
    name = "marketing.forms"
    label = "forms"
    verbose_name = "Forms"

    def ready(self) -> None:
        from marketing.forms.job_kinds import job_kinds_register
        from marketing.forms.optout_defaults import optout_default_ensure
        from marketing.forms.selectors import forms_count
        from marketing.forms.sql_surface import form_submitters_sql
        from marketing.segments.services.form_source import form_members_register
        from tenants.plan_limits import Module, register_usage_counter
        from tenants.workspace_defaults import register_workspace_default

        register_usage_counter(Module.FORMS, forms_count)
        job_kinds_register()
        form_members_register(form_submitters_sql)
        register_workspace_default(
            key="optOutForm", label="Default opt-out form", ensure=optout_default_ensure
        )
