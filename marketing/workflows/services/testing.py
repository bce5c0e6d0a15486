"""The /WorkflowTest dry run: the path a chosen profile would take through the workflow as
drawn (its saved draft, with its senders as publishing would write them) and the emails
it would get; the engine computes it (engine/dry_run.py) and nothing is sent or written."""

from __future__ import annotations

from marketing.audience.selectors.profiles import profile_get
from marketing.workflows.definition import definition_dump
from marketing.workflows.engine.dry_run import workflow_dry_run
from marketing.workflows.selectors import workflow_get
from marketing.workflows.services.publishing import senders_written
from marketing.workflows.services.workflows import definition_parse


def workflow_test(*, workflow_id: int, profile_id: int) -> list[dict]:
    workflow = workflow_get(workflow_id=workflow_id)
    profile = profile_get(profile_id=profile_id)
    definition = definition_dump(senders_written(definition_parse(workflow.draft_definition)))
    return workflow_dry_run(workflow, profile, definition=definition)
