"""`manage.py bounce_server`: the inbound SMTP endpoint for bounces and complaints."""

import time

from aiosmtpd.controller import Controller
from django.core.management.base import BaseCommand

from marketing.delivery.inbound import InboundHandler


class Command(BaseCommand):
    help = "Receive bounces (DSN) and complaints (ARF) for the VERP return paths."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=2525)

    def handle(self, *args, host, port, **options):
        controller = Controller(InboundHandler(), hostname=host, port=port)
        controller.start()
        self.stdout.write(f"bounce server on {host}:{port}")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            controller.stop()
