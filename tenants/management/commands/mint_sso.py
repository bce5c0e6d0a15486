from django.core.management.base import BaseCommand, CommandError

from tenants.models import Client, Role
from tenants.sso import sso_payload_mint


class Command(BaseCommand):
    help = "Mint a parent-suite sign-in payload (what the parent suite sends as ?clnt=)."

    def add_arguments(self, parser):
        parser.add_argument("--client", required=True, help="schema name of the client")
        parser.add_argument("--email", required=True)
        parser.add_argument("--role", default=Role.ADMIN, choices=list(Role))
        parser.add_argument("--first-name", default="")
        parser.add_argument("--last-name", default="")
        parser.add_argument("--website", type=int, default=None)
        parser.add_argument("--no-mkm", action="store_true", help="without marketing access")
        parser.add_argument("--ttl", type=int, default=120, help="seconds the payload lives")
        parser.add_argument("--port", default="8000")

    def handle(self, *args, **o):
        client = Client.objects.filter(schema_name=o["client"]).first()
        if client is None:
            raise CommandError(f"No client with schema {o['client']!r}")
        payload = sso_payload_mint(
            client=client,
            email=o["email"],
            role=o["role"],
            first_name=o["first_name"],
            last_name=o["last_name"],
            website_id=o["website"],
            has_mkm_access=not o["no_mkm"],
            ttl_seconds=o["ttl"],
        )
        host = client.get_primary_domain().domain
        self.stdout.write(payload)
        self.stdout.write(
            f"http://{host}:{o['port']}/campaignListView?clnt={payload}", self.style.SUCCESS
        )
