from django.apps import AppConfig


class ContentConfig(AppConfig):
    name = "marketing.content"
    label = "content"
    verbose_name = "Content"

    def ready(self) -> None:
        from marketing.content.job_kinds import job_kinds_register

        job_kinds_register()
