"""Deliverability: SpamAssassin (Debian's package, `spamassassin -L`: local tests only, no
network, no Bayes) scores the message of every stock template below 1.0.

The product ships no stock templates yet (content has none, and no client is seeded with
any), so the stock set is the three kinds a client starts from, in stock_templates/: a
designer newsletter (tables, inline styles, a button, a footer with the preferences and
unsubscribe links), an uploaded HTML announcement, and a plain-text note. Each is saved
through content's template service (its HTML cleaning and inlining), given what a
campaign adds by default (the "View this email in your browser" line and the system UTM
tags on its links), sent through the real pipeline (ledger, renderer, message builder, DKIM
signer) into the SMTP sink, and the captured bytes are what SpamAssassin reads. A high
score is fixed in the message building, never here."""

import os
import re
import shutil
import subprocess
from pathlib import Path

from marketing.audience.models import Profile
from marketing.content.services.templates import template_create
from marketing.delivery.dkim import key_pair_generate
from marketing.delivery.models import Send, SendKind
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.delivery.services.dkim_keys import dkim_key_store
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.web_view import view_line_add
from marketing.rendering.services import html_links_utm_add, text_links_utm_add
from tests.support.tenants import in_schema

HERE = Path(__file__).parent / "stock_templates"
LIMIT = 1.0
STOCK = [
    # (name, type, subject, file)
    ("Monthly newsletter", "designer", "This month at Example Media", "newsletter.html"),
    ("Office move", "html", "Our office moves on June 3", "announcement.html"),
    ("Trade fair follow-up", "plainText", "Rate card for the autumn issues", "plain.txt"),
]
UTM = {"utm_source": "mailcraft", "utm_medium": "email", "utm_campaign": "monthly-newsletter"}
STATUS_RE = re.compile(r"^X-Spam-Status: (?:Yes|No), score=(-?\d+(?:\.\d+)?)(.*?)^\S", re.M | re.S)


def spam_score(raw: bytes, home: Path) -> tuple[float, str]:
    """SpamAssassin's score of `raw` and the rules that fired."""
    assert shutil.which("spamassassin"), "spamassassin is missing: run `make install` (as root)"
    answer = subprocess.run(
        [
            "spamassassin",
            "-L",  # local tests only: no DNS blocklists, no network
            "-t",
            "-x",  # no per-user preferences file
            "--cf=use_bayes 0",
            "--cf=bayes_auto_learn 0",
        ],
        input=raw,
        capture_output=True,
        timeout=120,
        env={**os.environ, "HOME": str(home)},
        check=True,
    )
    found = STATUS_RE.search(answer.stdout.decode("utf-8", "replace"))
    assert found, answer.stdout[:2000]
    rules = " ".join(found.group(2).split())
    return float(found.group(1)), rules


def test_every_stock_template_scores_below_one(alpha, sink, tmp_path):
    key = key_pair_generate("rsa")
    with in_schema(alpha):
        dkim_key_store(domain="example.com", selector="mc1", algorithm="rsa", pair=key)
        profile = Profile.objects.create(
            email="ann.reader@mail.example", first_name="Ann", last_name="Reader"
        )
        sent = {}
        for number, (name, kind, subject, file) in enumerate(STOCK, start=1):
            source = (HERE / file).read_text()
            html, text = ("", source) if file.endswith(".txt") else (source, "")
            template = template_create(
                member=None,
                name=name,
                template_type=kind,
                subject=subject,
                html=html,
                text=text,
            )
            html, text = view_line_add(template.html, template.text)
            send = Send.objects.create(
                kind=SendKind.CAMPAIGN,
                source_id=1000 + number,
                subject=template.subject,
                html=html_links_utm_add(html, UTM),
                text=text_links_utm_add(text, UTM),
                view_in_browser=True,
                from_name="Example Media",
                from_address="news@example.com",
                reply_to="editors@example.com",
                list_name="Example Media",
            )
            send_freeze(send, audience_sql="SELECT %s::bigint AS id", params=[profile.pk])
            send_batch_run(send.pk)
            sent[send.pk] = name
    messages = sink.handler.for_recipient("ann.reader@mail.example")
    assert len(messages) == len(STOCK)
    scores = {}
    for received in messages:
        [send_id] = [pk for pk in sent if f"<{pk}." in received.message["Message-ID"]]
        scores[sent[send_id]] = spam_score(received.data, tmp_path)
    print({name: found[0] for name, found in scores.items()})  # shown with -rP
    high = {name: found for name, found in scores.items() if found[0] >= LIMIT}
    assert not high, f"scores of {LIMIT} or more: {high}"
