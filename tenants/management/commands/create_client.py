from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tenants.models import Plan, Role, SiteType
from tenants.services import client_create, member_add


class Command(BaseCommand):
    help = "Create a client (schema, host name) and its first admin."

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)
        parser.add_argument(
            "--schema", required=True, help="schema name: lowercase letters, digits, _"
        )
        parser.add_argument("--domain", required=True, help="host name, e.g. acme.localhost")
        parser.add_argument("--admin-email", required=True)
        parser.add_argument("--admin-password", required=True)
        parser.add_argument("--site-type", default=SiteType.MM, choices=list(SiteType))
        parser.add_argument("--time-zone", default="America/New_York")
        parser.add_argument("--plan", default=None, help="name of an existing plan")
        parser.add_argument("--subscriptions", action="store_true")
        parser.add_argument("--rep-notifications-only", action="store_true")
        parser.add_argument("--parent-origin", action="append", default=[])
        parser.add_argument(
            "--website", type=int, action="append", default=[], help="a parent-suite website id"
        )

    def handle(self, *args, **o):
        plan = Plan.objects.filter(name=o["plan"]).first() if o["plan"] else None
        if o["plan"] and plan is None:
            raise CommandError(f"No plan named {o['plan']!r}")
        try:
            client = client_create(
                name=o["name"],
                schema_name=o["schema"],
                domain=o["domain"],
                site_type=o["site_type"],
                time_zone=o["time_zone"],
                plan=plan,
                subscriptions_enabled=o["subscriptions"],
                rep_notifications_only=o["rep_notifications_only"],
                parent_origins=o["parent_origin"],
                website_ids=o["website"],
            )
        except ValidationError as exc:
            raise CommandError(exc.messages) from exc
        member_add(
            client=client, email=o["admin_email"], role=Role.ADMIN, password=o["admin_password"]
        )
        self.stdout.write(f"Created {client.name} at {o['domain']} (schema {client.schema_name}).")
        self.stdout.write(f"Parent-suite shared secret: {client.sso_secret}")
