from django.core.management.base import BaseCommand

from tenants.demo import demo_seed


class Command(BaseCommand):
    help = "Create (or keep) the public site and the demo client with its people; prints sign-ins."

    def add_arguments(self, parser):
        parser.add_argument("--port", default="8000")

    def handle(self, *args, port, **options):
        host, sign_ins = demo_seed()
        self.stdout.write(f"\nMailcraft is at http://{host}:{port}  (sign in at /trial/login)\n")
        for sign_in in sign_ins:
            self.stdout.write(f"  {sign_in.role:<11} {sign_in.email:<32} {sign_in.password}")
        self.stdout.write(
            "  Parent-suite sign-in: python manage.py mint_sso --client demo "
            "--email admin@demo.example --role ADMIN\n"
        )
