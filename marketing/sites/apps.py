from django.apps import AppConfig


class SitesConfig(AppConfig):
    name = "marketing.sites"
    label = "sites"
    verbose_name = "Landing pages"
