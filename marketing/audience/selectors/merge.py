"""A profile's merge-tag values (the renderer's profile part, marketing/rendering)."""

from marketing.audience import profile_fields as registry
from marketing.audience.models import Profile
from marketing.audience.profile_fields import Kind
from marketing.audience.selectors.reps import rep_display_name

# (tag, column, is a rep field) of every standard field that merges, in registry order:
# read per message of a send, so looked up once.
_MERGED = tuple(
    (field.merge_tag, field.column, field.kind == Kind.REP)
    for field in registry.profile_fields(merge_tag=True)
)


def profile_merge_values(profile: Profile) -> dict[str, object]:
    """Tag name -> value: the custom fields by key, then every standard field that merges
    (the field registry; a rep field gives the rep's display name, or nothing without a rep
    so that the tag's fallback shows rather than 'No Rep'), then the profile's id
    (`customerId`) and its rep's names and email. Later entries win, so a custom field never
    shadows a standard one (their keys are kept apart anyway: reserved_keys)."""
    values: dict[str, object] = dict(profile.custom or {})
    rep = profile.rep
    for tag, column, is_rep in _MERGED:
        if is_rep:
            values[tag] = rep_display_name(rep) if rep is not None else None
        else:
            values[tag] = getattr(profile, column)
    values["customerId"] = profile.pk
    if rep is not None:
        values.update(repFirstName=rep.first_name, repLastName=rep.last_name, repEmail=rep.email)
    return values
