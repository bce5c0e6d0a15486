from django.apps import AppConfig


class SitesConfig(AppConfig):
    name = "marketing.sites"
    label = "sites"
    verbose_name = "Landing pages"

    def ready(self) -> None:
        from marketing.sites.selectors import pages_count
        from tenants.plan_limits import Module, register_usage_counter

        register_usage_counter(Module.LANDING_PAGES, pages_count)
