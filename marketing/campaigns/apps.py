from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "marketing.campaigns"
    label = "campaigns"
    verbose_name = "Campaigns"

    def ready(self) -> None:
        from marketing.campaigns.job_kinds import job_kinds_register
        from marketing.campaigns.selectors import (
            campaigns_count,
            campaigns_published_count,
            campaigns_sent_count,
            campaigns_using_footer,
            campaigns_using_header,
        )
        from marketing.campaigns.services.following import campaign_send_settled
        from marketing.campaigns.services.limits import scheduled_in_month
        from marketing.content.associations import (
            register_footer_reference,
            register_header_reference,
        )
        from marketing.delivery.services.monthly import scheduled_usage_register
        from marketing.delivery.services.settled import send_settled
        from tenants.plan_limits import Module, register_usage_counter

        register_usage_counter(Module.CAMPAIGNS, campaigns_count)
        register_usage_counter(Module.SENT_CAMPAIGNS, campaigns_sent_count)
        register_usage_counter(Module.PUBLISHED_CAMPAIGNS, campaigns_published_count)
        register_header_reference(campaigns_using_header)
        register_footer_reference(campaigns_using_footer)
        job_kinds_register()
        scheduled_usage_register(scheduled_in_month)
        send_settled.connect(campaign_send_settled, dispatch_uid="campaigns.send_settled")
