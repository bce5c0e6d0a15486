"""URLs of client hosts (demo.localhost, ...)."""

from django.urls import path, re_path

from config.api import api
from config.spa import api_not_found, spa_index

urlpatterns = [
    path("api/", api.urls),
    re_path(r"^api/", api_not_found),
    re_path(r"^(?!api/).*$", spa_index),
]
