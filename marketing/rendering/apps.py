from django.apps import AppConfig


class RenderingConfig(AppConfig):
    name = "marketing.rendering"
    label = "rendering"
    verbose_name = "Rendering"
