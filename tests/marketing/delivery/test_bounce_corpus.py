"""Our labelled corpus of bounce and complaint messages (bounce_corpus/, written for these
tests in the shapes the MTAs, mailbox providers and ESPs send: Postfix, Exim, qmail,
Sendmail, Exchange and Office 365, Outlook.com, Gmail, Yahoo, Amazon SES and WorkMail,
Mailgun, Postmark, SendGrid, Zoho, Courier, Domino, Notes, GroupWise, Mail.ru, GMX,
OpenSMTPD, IMail; ARF in its variants, Microsoft's JMRP, AOL, SES notifications, Apple's
unsubscribe; auto-replies): each is read with the kind, reason and recipient of its
label, and the agreement figures are printed (tests/bench/bounce_corpus.py measures the
same on Sisimai's public corpus)."""

import csv
from pathlib import Path

import pytest

from marketing.delivery.bounce_reading import notice_read
from tests.bench.bounce_corpus import labelled_expectations, measure

CORPUS = Path(__file__).parent / "bounce_corpus"
LABELS = CORPUS / "labels.csv"


def _labels() -> list[dict]:
    with LABELS.open(newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("label", _labels(), ids=lambda row: row["file"])
def test_each_message_reads_as_labelled(label):
    report = notice_read((CORPUS / label["file"]).read_bytes())
    got = (str(report.kind), str(report.reason), report.recipient)
    assert got == (label["kind"], label["reason"], label["recipient"])


def test_the_agreement_figures(capsys):
    figures = measure(CORPUS, labelled_expectations(LABELS))
    with capsys.disabled():
        print("\nour bounce corpus:\n  " + "\n  ".join(figures.lines()))
    assert figures.total == len(_labels()) >= 80
    assert figures.suppress_agreed == figures.total and figures.exceptions == 0
    assert figures.complaints_recognised == figures.complaints
    assert figures.recipients_found == figures.recipients
