from django.apps import AppConfig


class DeliveryConfig(AppConfig):
    name = "marketing.delivery"
    label = "delivery"
    verbose_name = "Delivery"
