from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import schema_context

from marketing.senders.services.trust import sender_trust


class Command(BaseCommand):
    help = (
        "Trust a client's sender without its activation mail and DNS check (demo and local "
        "machines only; refused without DEBUG unless --force)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--client", required=True, help="the client's schema name")
        parser.add_argument("--email", required=True)
        parser.add_argument("--name", default="News")
        parser.add_argument("--force", action="store_true")

    def handle(self, *args, client, email, name, force, **options):
        if not settings.DEBUG and not force:
            raise CommandError("sender_trust skips verification: run it with DEBUG or --force.")
        with schema_context(client):
            sender = sender_trust(email=email, name=name)
        self.stdout.write(f"Sender {sender.email} is trusted in {client}.")
