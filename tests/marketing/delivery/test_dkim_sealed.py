"""DKIM private keys are sealed at rest (core.sealing), as ESP credentials are: what the
database holds is no PEM, the migration seals the keys already stored, and the signing
path unseals a key once per process, not once per message."""

import dkim
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from core.sealing import unseal
from marketing.audience.models import Profile
from marketing.delivery.dkim import key_pair_generate
from marketing.delivery.models import DkimKey, Send, SendKind
from marketing.delivery.services import batch_sending
from marketing.delivery.services.batch_sending import RunResult, send_batch_run, signers_for
from marketing.delivery.services.dkim_keys import dkim_keys_create
from marketing.delivery.services.ledger import send_freeze
from tests.support.tenants import in_schema

KEY = key_pair_generate("rsa")
BEFORE = [("delivery", "0012_suppression_from_test_send")]
AFTER = [("delivery", "0013_dkimkey_sealed")]


def test_a_new_domains_keys_are_stored_sealed(alpha):
    with in_schema(alpha):
        keys = dkim_keys_create(domain="Shop.Example", selectors={"rsa": "r1", "ed25519": "e1"})
        for key in DkimKey.objects.filter(pk__in=[k.pk for k in keys]):
            assert "PRIVATE KEY" not in key.private_key_sealed
            assert unseal(key.private_key_sealed).startswith("-----BEGIN PRIVATE KEY-----")


def test_the_migration_seals_the_keys_already_stored(alpha):
    with in_schema(alpha):
        executor = MigrationExecutor(connection)
        executor.migrate(BEFORE)
        old_key = executor.loader.project_state(BEFORE).apps.get_model("delivery", "DkimKey")
        old_key.objects.create(
            domain="old.example",
            selector="s1",
            algorithm="rsa",
            private_pem=KEY.private_pem,
            dns_txt=KEY.dns_txt,
        )
        MigrationExecutor(connection).migrate(AFTER)
        key = DkimKey.objects.get(domain="old.example")
        assert "PRIVATE KEY" not in key.private_key_sealed
        assert unseal(key.private_key_sealed) == KEY.private_pem
        [signer] = signers_for("old.example")
        message = b"From: a@old.example\r\nSubject: Hi\r\n\r\nHello\r\n"
        signed = signer.sign(message) + message
        assert dkim.verify(signed, dnsfunc=lambda name, timeout=5: KEY.dns_txt.encode())


def test_the_signer_unseals_a_key_once_for_every_message(alpha, sink, monkeypatch):
    unsealed = []

    def counting_unseal(token):
        unsealed.append(token)
        return unseal(token)

    monkeypatch.setattr(batch_sending, "unseal", counting_unseal)
    batch_sending._signer.cache_clear()
    with in_schema(alpha):
        dkim_keys_create(domain="shop.example", selectors={"rsa": "r1"})
        [txt] = DkimKey.objects.filter(domain="shop.example").values_list("dns_txt", flat=True)
        ids = [Profile.objects.create(email=f"p{i}@mail.example").pk for i in range(5)]
        for _ in range(2):  # two sends, two runs
            send = Send.objects.create(
                kind=SendKind.CAMPAIGN,
                subject="Sale",
                html="<p>Hi</p>",
                text="Hi",
                from_name="Shop",
                from_address="news@shop.example",
            )
            send_freeze(send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[ids])
            assert send_batch_run(send.pk) == RunResult.FINISHED
    received = [r for i in range(5) for r in sink.handler.for_recipient(f"p{i}@mail.example")]
    assert len(received) == 10
    assert all(dkim.verify(r.data, dnsfunc=lambda name, timeout=5: txt.encode()) for r in received)
    assert len(unsealed) == 1
