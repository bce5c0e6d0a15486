from django.apps import AppConfig


class FilesConfig(AppConfig):
    name = "marketing.files"
    label = "files"
    verbose_name = "File manager"
