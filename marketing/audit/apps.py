from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "marketing.audit"
    label = "audit"
    verbose_name = "Audit trail"

    def ready(self) -> None:
        from marketing.audit.job_kinds import job_kinds_register

        job_kinds_register()
