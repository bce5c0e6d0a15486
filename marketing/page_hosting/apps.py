from django.apps import AppConfig


class PageHostingConfig(AppConfig):
    name = "marketing.page_hosting"
    label = "page_hosting"
    verbose_name = "Page hosting"

    def ready(self) -> None:
        from marketing.page_hosting.models import PageDomain
        from tenants.plan_limits import Module, register_usage_counter

        register_usage_counter(Module.LANDING_PAGE_DOMAINS, lambda: PageDomain.objects.count())
