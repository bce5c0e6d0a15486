from django.apps import AppConfig


class ActivityConfig(AppConfig):
    name = "marketing.activity"
    label = "activity"
    verbose_name = "Activity"

    def ready(self) -> None:
        from marketing.activity.job_kinds import job_kinds_register

        job_kinds_register()
