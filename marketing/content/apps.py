from django.apps import AppConfig


class ContentConfig(AppConfig):
    name = "marketing.content"
    label = "content"
    verbose_name = "Content"
