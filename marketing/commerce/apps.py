from django.apps import AppConfig


class CommerceConfig(AppConfig):
    name = "marketing.commerce"
    label = "commerce"
    verbose_name = "Commerce"
