"""The dry run: the path and the emails, with nothing sent or written."""

from core.audit.models import AuditLog
from marketing.audience.models import ProfileTag, Rep
from marketing.content.models import Template
from marketing.delivery.models import Delivery, Send
from marketing.workflows.engine.dry_run import workflow_dry_run
from marketing.workflows.models import Enrollment, EnrollmentStep
from tests.support.workflow_engine import profile, publish, tag


def test_the_path_and_the_emails_without_sending_or_writing(client_schema):
    vip = tag("vip")
    template = Template.objects.create(
        name="Hi",
        template_type="designer",
        subject="Hi <% firstName %>",
        html="<html><body>Hi</body></html>",
    )
    rep = Rep.objects.create(first_name="Rita", email="rita@shop.example")
    ann = profile("ann@mail.example", first_name="Ann", city="Paris", rep=rep)
    steps = [
        {"id": "w", "type": "wait", "delay": {"amount": 2, "unit": "days"}, "next": "c"},
        {
            "id": "c",
            "type": "condition",
            "yes": "m",
            "no": "x",
            "condition": {"kind": "field", "field": "city", "operator": "equals", "value": "Paris"},
        },
        {
            "id": "m",
            "type": "sendEmail",
            "templateId": template.pk,
            "fromAddress": "news@shop.example",
            "next": "t",
        },
        {"id": "t", "type": "addTag", "tagId": vip.pk, "next": "n"},
        {
            "id": "n",
            "type": "notifyRep",
            "fromAddress": "bot@shop.example",
            "subject": "About <% firstName %>",
            "next": "h",
        },
        {"id": "h", "type": "webhook", "next": "x"},
        {"id": "x", "type": "end"},
    ]
    workflow = publish(steps)
    audit_before = AuditLog.objects.count()
    path = workflow_dry_run(workflow, ann, definition=workflow.published_version.definition)
    assert [(r["stepId"], r["outcome"]) for r in path] == [
        ("w", "waiting"),
        ("c", "yes"),
        ("m", "wouldSend"),
        ("t", "wouldChange"),
        ("n", "wouldSend"),
        ("h", "failed"),
    ]
    assert path[2]["email"] == {
        "to": ann.email,
        "subject": "Hi Ann",
        "fromName": "",
        "fromAddress": "news@shop.example",
        "templateId": template.pk,
    }
    assert path[4]["email"]["to"] == "rita@shop.example"
    assert path[5]["detail"] == "Outgoing webhooks are not available yet"
    assert not Send.objects.exists() and not Delivery.objects.exists()
    assert not Enrollment.objects.exists() and not EnrollmentStep.objects.exists()
    assert not ProfileTag.objects.filter(tag=vip).exists()
    assert AuditLog.objects.count() == audit_before


def test_an_unsubscribed_profile_is_shown_as_skipped(client_schema):
    from django.utils import timezone

    template = Template.objects.create(name="Hi", template_type="designer", subject="Hi")
    out = profile("out@mail.example", unsubscribed_at=timezone.now())
    workflow = publish(
        [
            {
                "id": "m",
                "type": "sendEmail",
                "templateId": template.pk,
                "fromAddress": "a@shop.example",
                "next": "x",
            },
            {"id": "x", "type": "end"},
        ]
    )
    path = workflow_dry_run(workflow, out, definition=workflow.published_version.definition)
    assert path[0]["outcome"] == "skipped"
    assert path[0]["detail"] == "Skipped: the profile is unsubscribed."
