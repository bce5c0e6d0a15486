"""A profile's merge-tag values (the renderer's profile part, marketing/rendering)."""

from marketing.audience import profile_fields as registry
from marketing.audience.models import Profile
from marketing.audience.profile_fields import Kind
from marketing.audience.selectors.reps import rep_display_name


def profile_merge_values(profile: Profile) -> dict[str, object]:
    """Tag name -> value: the custom fields by key, then every standard field that merges
    (the field registry; a rep field gives the rep's display name, or nothing without a rep
    so that the tag's fallback shows rather than 'No Rep'), then the profile's id
    (`customerId`) and its rep's names and email. Later entries win, so a custom field never
    shadows a standard one (their keys are kept apart anyway: reserved_keys)."""
    values: dict[str, object] = dict(profile.custom or {})
    rep = profile.rep
    for field in registry.profile_fields(merge_tag=True):
        if field.kind == Kind.REP:
            values[field.merge_tag] = rep_display_name(rep) if rep is not None else None
        else:
            values[field.merge_tag] = getattr(profile, field.column)
    values["customerId"] = profile.pk
    if rep is not None:
        values.update(repFirstName=rep.first_name, repLastName=rep.last_name, repEmail=rep.email)
    return values
