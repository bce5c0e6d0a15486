"""URLs of the public host: trial area, sign-in, super-admin views, operators' admin."""

from django.urls import path, re_path

from config.api import public_api
from config.spa import api_not_found, spa_index
from marketing.commerce.views import stripe_webhook
from tenants.operators import operators_site

urlpatterns = [
    path("django-admin/", operators_site.urls),
    path("api/", public_api.urls),
    path("stripe/webhook", stripe_webhook, name="stripe_webhook"),  # marketing/commerce
    re_path(r"^api/", api_not_found),
    re_path(r"^(?!api/|django-admin/).*$", spa_index),
]
