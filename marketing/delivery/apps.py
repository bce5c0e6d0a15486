from django.apps import AppConfig


class DeliveryConfig(AppConfig):
    name = "marketing.delivery"
    label = "delivery"
    verbose_name = "Delivery"

    def ready(self) -> None:
        from marketing.delivery.workspace_defaults import preferences_default_ensure
        from tenants.workspace_defaults import register_workspace_default

        register_workspace_default(
            key="preferencesPage",
            label="Default preferences page",
            ensure=preferences_default_ensure,
        )
