"""Where segments learn who submitted a form: the forms app sits above segments (it may
not be imported here), so it registers its submitters' SQL when it is ready (the
inversion `register_usage_counter` uses). The compiler's `form` rule reads it through
`segment_sources`."""

from __future__ import annotations

from collections.abc import Callable

# (form_ids, since, until) -> (sql selecting profile ids as `id`, params)
FormMembers = Callable[..., tuple[str, list]]

_form_members: FormMembers | None = None


def form_members_register(members: FormMembers) -> None:
    global _form_members
    _form_members = members


def form_members() -> FormMembers | None:
    return _form_members
