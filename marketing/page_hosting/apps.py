from django.apps import AppConfig


class PageHostingConfig(AppConfig):
    name = "marketing.page_hosting"
    label = "page_hosting"
    verbose_name = "Page hosting"
