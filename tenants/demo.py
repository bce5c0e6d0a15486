"""The demo data `make run` seeds: idempotent, safe to run again."""

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction

from tenants.models import Client, Domain, Plan, Role, User
from tenants.plan_limits import Module
from tenants.services import client_create, member_add

DEMO_PASSWORD = "demo-password-1"
# The parent suite's website the demo client owns (`mint_sso --website 7`).
DEMO_WEBSITE_ID = 7


@dataclass(frozen=True)
class DemoSignIn:
    role: str
    email: str
    password: str


def public_client_ensure() -> Client:
    """The public schema's tenant row: serves the trial area and the super-admin views."""
    client = Client.objects.filter(schema_name="public").first()
    if client is None:
        client = Client(schema_name="public", name="Mailcraft")
        client.save()
    Domain.objects.get_or_create(
        domain=settings.BASE_DOMAIN, defaults={"tenant": client, "is_primary": True}
    )
    return client


def demo_seed(*, base_domain: str | None = None) -> tuple[str, list[DemoSignIn]]:
    base_domain = base_domain or settings.BASE_DOMAIN
    public_client_ensure()
    plan, _ = Plan.objects.get_or_create(
        name="Standard",
        defaults={"limits": {module.value: 100000 for module in Module} | {"Contacts": 1000000}},
    )
    host = f"demo.{base_domain}"
    client = Client.objects.filter(schema_name="demo").first()
    if client is None:
        client = client_create(
            name="Demo Media",
            schema_name="demo",
            domain=host,
            plan=plan,
            site_type="MM",
            website_ids=[DEMO_WEBSITE_ID],
        )
    elif DEMO_WEBSITE_ID not in client.website_ids:
        client.website_ids = [*client.website_ids, DEMO_WEBSITE_ID]
        client.save(update_fields=["website_ids"])
    sign_ins = [
        DemoSignIn("ADMIN", "admin@demo.example", DEMO_PASSWORD),
        DemoSignIn("USER", "user@demo.example", DEMO_PASSWORD),
        DemoSignIn("SUPERADMIN", "superadmin@mailcraft.example", DEMO_PASSWORD),
    ]
    with transaction.atomic():
        member_add(
            client=client,
            email=sign_ins[0].email,
            role=Role.ADMIN,
            password=DEMO_PASSWORD,
            first_name="Ada",
            last_name="Admin",
        )
        member_add(
            client=client,
            email=sign_ins[1].email,
            role=Role.USER,
            password=DEMO_PASSWORD,
            first_name="Uma",
            last_name="User",
        )
        if not User.objects.filter(email=sign_ins[2].email).exists():
            User.objects.create_superuser(
                sign_ins[2].email, DEMO_PASSWORD, first_name="Sam", last_name="Super"
            )
    return host, sign_ins
