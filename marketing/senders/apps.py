from django.apps import AppConfig


class SendersConfig(AppConfig):
    name = "marketing.senders"
    label = "senders"
    verbose_name = "Senders and domains"

    def ready(self) -> None:
        from marketing.delivery.services.tracked import tracking_domain_lookup_register
        from marketing.delivery.services.warmup import domain_verified_at_lookup_register
        from marketing.senders.selectors import (
            sender_domain_verified_at,
            sender_domains_verified_since,
            senders_count,
            tracking_domain_verified,
        )
        from tenants.plan_limits import Module, register_usage_counter

        register_usage_counter(Module.SENDERS, senders_count)
        tracking_domain_lookup_register(tracking_domain_verified)
        domain_verified_at_lookup_register(sender_domain_verified_at, sender_domains_verified_since)
