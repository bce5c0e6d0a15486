from django.apps import AppConfig


class SendersConfig(AppConfig):
    name = "marketing.senders"
    label = "senders"
    verbose_name = "Senders and domains"

    def ready(self) -> None:
        from marketing.senders.selectors import senders_count
        from tenants.plan_limits import Module, register_usage_counter

        register_usage_counter(Module.SENDERS, senders_count)
