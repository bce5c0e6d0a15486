from django.apps import AppConfig

from config.checks import register_production_checks


class TenantsConfig(AppConfig):
    name = "tenants"
    verbose_name = "Clients and people"

    def ready(self):
        register_production_checks()
