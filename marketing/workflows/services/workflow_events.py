"""Events other apps send to workflows by calling a function (those below workflows in the
layers announce through core.profile_events instead): a form submitted (the forms issue),
an incoming webhook's call (the integrations issue). Each enrolls the profile in the
workflows whose trigger listens, in the caller's transaction."""

from __future__ import annotations

from django.utils import timezone

from core.profile_events import ProfileEvent, profile_events_announce


def form_submitted(
    form_id: int, profile_id: int, data: dict, *, submission_id: int | str | None = None
) -> None:
    """A person submitted form `form_id` as profile `profile_id`; `data` (field -> value) is
    what the automation merge tags read. `submission_id` makes a repeated call harmless
    (without it each call is its own occurrence)."""
    occurrence = f"form:{form_id}:{submission_id or timezone.now().isoformat()}"
    profile_events_announce(
        "formSubmission",
        str(form_id),
        [ProfileEvent(profile_id, occurrence, {"formId": form_id, "form": dict(data or {})})],
    )


def webhook_received(
    webhook_id: int, profile_id: int, data: dict, *, call_id: int | str | None = None
) -> None:
    """An incoming webhook `webhook_id` named profile `profile_id` with `data`."""
    occurrence = f"webhook:{webhook_id}:{call_id or timezone.now().isoformat()}"
    profile_events_announce(
        "webhook",
        str(webhook_id),
        [
            ProfileEvent(
                profile_id, occurrence, {"webhookId": webhook_id, "webhook": dict(data or {})}
            )
        ],
    )


def stage_changed(profile_id: int, stage: str, *, change_id: int | str | None = None) -> None:
    """The parent suite's CRM moved the profile to `stage` (trigger kind stageChanged)."""
    occurrence = f"stage:{stage}:{change_id or timezone.now().isoformat()}"
    profile_events_announce(
        "stageChanged", str(stage), [ProfileEvent(profile_id, occurrence, {"stage": stage})]
    )
