import os

from django.core.wsgi import get_wsgi_application

from config.checks import refuse_insecure_start

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The open pixel and click redirect (/t/o/, /t/c/) are answered ahead of Django's
# middleware, on any host (marketing/tracking/endpoints.py); everything else is Django.
from marketing.tracking.endpoints import tracking_wsgi  # noqa: E402 - needs the settings

application = tracking_wsgi(get_wsgi_application())
# A web process with insecure production settings must not serve a single request.
refuse_insecure_start()
