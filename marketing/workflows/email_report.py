"""/workflowcampaignreport: a workflow's email steps, each with its sends, deliveries,
opens, clicks, bounces and unsubscribes and their rates, and the workflow's roll-up of
them all. Figures come from tracking's per-step roll-ups (kept by a trigger as events are
written), so a report is a handful of indexed reads however many messages a workflow
sent. A step keeps its id across versions: its figures are summed over every version
that had it."""

from __future__ import annotations

from dataclasses import fields

from marketing.tracking.selectors import WorkflowEmailTotals, workflow_email_totals
from marketing.workflows.models import StepType, Workflow, WorkflowEmail, WorkflowVersion


def _rate(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 2) if whole else 0.0


def _figures(totals: list[WorkflowEmailTotals]) -> dict:
    summed = {f.name: sum(getattr(t, f.name) for t in totals) for f in fields(WorkflowEmailTotals)}
    sent, bounced, after = summed["sent"], summed["bounced"], summed.pop("bounced_after_sent")
    delivered = sent - after
    attempted = sent + bounced - after  # accepted, or refused at SMTP
    return {
        **summed,
        "delivered": delivered,
        "delivered_rate": _rate(delivered, sent),
        "open_rate": _rate(summed["opened"], delivered),
        "click_rate": _rate(summed["clicked"], delivered),
        "bounce_rate": _rate(bounced, attempted),
        "unsubscribe_rate": _rate(summed["unsubscribed"], delivered),
    }


def _email_steps(definition: dict) -> list[dict]:
    return [s for s in definition.get("steps") or [] if s.get("type") == StepType.SEND_EMAIL]


def workflow_email_report(*, workflow: Workflow) -> dict:
    """{"steps": [one row per email step: its id, subject, template, the versions that
    sent it and its figures], "total": the figures of them all}. The steps are those of
    the published (else newest, else draft) definition in their order, then any step that
    sent in an older version and is gone since."""
    versions = list(WorkflowVersion.objects.filter(workflow=workflow).order_by("-number"))
    current = next((v for v in versions if v.pk == workflow.published_version_id), None)
    current = current or (versions[0] if versions else None)
    steps: dict[str, dict] = {}
    for definition in [
        current.definition if current else workflow.draft_definition,
        *(v.definition for v in versions),
    ]:
        for step in _email_steps(definition):
            steps.setdefault(step["id"], step)
    emails = WorkflowEmail.objects.filter(workflow=workflow).values_list(
        "pk", "step_id", "version__number"
    )
    by_step: dict[str, list[tuple[int, int]]] = {}
    for pk, step_id, number in emails:
        by_step.setdefault(step_id, []).append((pk, number))
    totals = workflow_email_totals([pk for rows in by_step.values() for pk, _ in rows])
    empty = WorkflowEmailTotals()
    rows, every = [], []
    for step_id, step in steps.items():
        sent_by = sorted(by_step.get(step_id, []), key=lambda row: row[1])
        step_totals = [totals.get(pk, empty) for pk, _ in sent_by]
        every.extend(step_totals)
        rows.append(
            {
                "step_id": step_id,
                "subject": str(step.get("subject") or ""),
                "template_id": step.get("templateId"),
                "versions": [number for _, number in sent_by],
                **_figures(step_totals),
            }
        )
    return {
        "workflow_id": workflow.pk,
        "name": workflow.name,
        "steps": rows,
        "total": _figures(every),
    }
