from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "marketing.jobs"
    label = "jobs"
