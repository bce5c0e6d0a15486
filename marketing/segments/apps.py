from django.apps import AppConfig


class SegmentsConfig(AppConfig):
    name = "marketing.segments"
    label = "segments"
    verbose_name = "Segments"

    def ready(self) -> None:
        from marketing.segments.job_kinds import job_kinds_register

        job_kinds_register()
