import os

from django.core.asgi import get_asgi_application

from config.checks import refuse_insecure_start

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
# A web process with insecure production settings must not serve a single request.
refuse_insecure_start()
