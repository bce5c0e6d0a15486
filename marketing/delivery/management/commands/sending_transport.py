"""Set how a client's mail leaves (an operator's tool until the settings screen exists):

    manage.py sending_transport <schema> --kind mailgun --credential apiKey=key-... \\
        [--credential webhookSigningKey=...] [--sender-domain news.shop.com]
    manage.py sending_transport <schema> --delete [--sender-domain news.shop.com]

For an ESP it prints the tracking webhook URL to give the ESP (with the webhook password,
shown this once)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import get_tenant_model, schema_context

from core.errors import ValidationFailed
from marketing.delivery.services.transports import transport_delete, transport_set


class Command(BaseCommand):
    help = "Choose a client's sending transport: the SMTP relay or an ESP account."

    def add_arguments(self, parser):
        parser.add_argument("schema")
        parser.add_argument("--kind", default="")
        parser.add_argument("--sender-domain", default="")
        parser.add_argument("--credential", action="append", default=[], metavar="NAME=VALUE")
        parser.add_argument("--delete", action="store_true")

    def handle(self, *args, schema, kind, sender_domain, credential, delete, **options):
        client = get_tenant_model().objects.filter(schema_name=schema).first()
        if client is None:
            raise CommandError(f"No client with schema {schema!r}.")
        credentials = dict(item.partition("=")[::2] for item in credential)
        with schema_context(schema):
            if delete:
                done = transport_delete(sender_domain=sender_domain)
                self.stdout.write("Deleted." if done else "Nothing to delete.")
                return
            try:
                saved = transport_set(
                    kind=kind, credentials=credentials, sender_domain=sender_domain
                )
            except ValidationFailed as refusal:
                raise CommandError(f"{refusal.message} {refusal.errors}") from None
        self.stdout.write(f"{schema}: {saved.transport.kind} for {sender_domain or 'every domain'}")
        if saved.webhook_secret:
            host = client.get_primary_domain().domain
            scheme = settings.DELIVERY_LINK_SCHEME
            self.stdout.write(
                f"Tracking webhook: {scheme}://{saved.webhook_secret}@{host}"
                f"/esp/{saved.transport.kind}/tracking/"
            )
