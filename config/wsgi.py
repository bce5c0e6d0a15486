import os

from django.core.wsgi import get_wsgi_application

from config.checks import refuse_insecure_start

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The pages host gets its own lean handler (config/pages.py). The links in mail answer only
# on their own client's hosts (config/recipient_links.py);
# then the open pixel and click redirect (/t/o/, /t/c/) are answered ahead of Django's
# middleware (marketing/tracking/endpoints.py); everything else is Django.
from config.pages import pages_wsgi  # noqa: E402
from config.recipient_links import recipient_links_wsgi  # noqa: E402 - needs the settings
from marketing.tracking.endpoints import tracking_wsgi  # noqa: E402

application = pages_wsgi(recipient_links_wsgi(tracking_wsgi(get_wsgi_application())))
# A web process with insecure production settings must not serve a single request.
refuse_insecure_start()
