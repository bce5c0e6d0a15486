"""URLs of client hosts (demo.localhost, ...)."""

from django.urls import path, re_path

from config.api import api
from config.spa import spa_index

urlpatterns = [
    path("api/", api.urls),
    re_path(r"^(?!api/).*$", spa_index),
]
