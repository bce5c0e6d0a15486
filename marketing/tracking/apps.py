from django.apps import AppConfig


class TrackingConfig(AppConfig):
    name = "marketing.tracking"
    label = "tracking"
    verbose_name = "Tracking"
