"""URLs of client hosts (demo.localhost, ...)."""

from django.urls import path, re_path

from config.api import api
from config.pages import pages_moved
from config.spa import api_not_found, spa_index
from marketing.delivery.views import unsubscribe_link
from marketing.delivery.web_view_views import message_web_view
from marketing.delivery.webhooks import esp_tracking_webhook
from marketing.files.views import file_serve
from marketing.tracking.views import tracking_click, tracking_open

urlpatterns = [
    path("api/", api.urls),
    re_path(r"^api/", api_not_found),
    # The file manager's images, public for email recipients (marketing/files/views.py).
    path("files/<uuid:key>/<str:name>", file_serve, name="file_serve"),
    # The List-Unsubscribe link of every message (marketing/delivery/views.py).
    path("u/<str:token>", unsubscribe_link, name="unsubscribe_link"),
    # A message's copy in the browser (marketing/delivery/web_view_views.py).
    path("v/<str:token>", message_web_view, name="message_web_view"),
    # Open pixel and click redirect; production answers them ahead of Django (config/wsgi.py).
    path("t/o/<str:token>", tracking_open, name="tracking_open"),
    path("t/c/<str:token>", tracking_click, name="tracking_click"),
    # ESP tracking webhooks: bounces, complaints, unsubscribes (marketing/delivery/webhooks.py).
    path("esp/<str:esp>/tracking/", esp_tracking_webhook, name="esp_tracking_webhook"),
    # Public form pages moved to the pages host (config/pages.py): a 308 there.
    # So has the shared survey report (marketing/forms/report_views.py): links given out before.
    re_path(r"^(?P<path>(?:pf|s)/.*|external/dynamicformreport)$", pages_moved, name="pages_moved"),
    re_path(r"^(?!api/).*$", spa_index),
]
