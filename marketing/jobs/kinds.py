"""Job kinds belong to the apps that run them. Each app registers its kinds in its
AppConfig.ready() (`register_job_kind`): the stored value, the label the jobs list shows,
and the message a person reads when a run of that kind fails unexpectedly. The jobs app
itself names no kind, so a new app adds its jobs without touching this one."""

from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured

from core.messages import SOMETHING_WENT_WRONG

MAX_VALUE_LENGTH = 40  # BackgroundJob.kind


@dataclass(frozen=True)
class JobKindInfo:
    value: str
    label: str
    failure_message: str = SOMETHING_WENT_WRONG


_kinds: dict[str, JobKindInfo] = {}


def register_job_kind(
    value: str, label: str, *, failure_message: str = SOMETHING_WENT_WRONG
) -> JobKindInfo:
    """Registering the same kind twice is harmless; two different kinds under one stored
    value stop the app at start."""
    kind = JobKindInfo(value, label, failure_message)
    if not value or len(value) > MAX_VALUE_LENGTH:
        raise ImproperlyConfigured(f"job kind {value!r}: 1 to {MAX_VALUE_LENGTH} characters")
    known = _kinds.setdefault(value, kind)
    if known != kind:
        raise ImproperlyConfigured(f"job kind {value!r} is registered twice, differently")
    return kind


def job_kind(value: str) -> JobKindInfo | None:
    return _kinds.get(value)


def job_kind_values() -> list[str]:
    return list(_kinds)


def job_kind_label(value: str) -> str:
    """The kind's label; a value no app registers (any more) shows as itself."""
    kind = _kinds.get(value)
    return kind.label if kind else value


def job_failure_message(value: str) -> str:
    kind = _kinds.get(value)
    return kind.failure_message if kind else SOMETHING_WENT_WRONG
