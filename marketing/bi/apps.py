from django.apps import AppConfig


class BiConfig(AppConfig):
    name = "marketing.bi"
    label = "bi"
    verbose_name = "BI segments"
