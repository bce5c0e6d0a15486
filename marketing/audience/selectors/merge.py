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
# What profile_merge_values reads, and nothing more (a send loads its batch with these).
_MERGE_COLUMNS = (
    "custom",
    *(column for _, column, is_rep in _MERGED if not is_rep),
    "rep",
    "rep__first_name",
    "rep__last_name",
    "rep__email",
)


def profiles_for_merge(profile_ids: list[int]) -> dict[int, Profile]:
    """The profiles (with their reps) of one claimed batch, by id, with only the columns
    their merge tags read: a profile's other columns would cost the send's worker the
    time of making their values, message after message."""
    profiles = Profile.objects.select_related("rep").only(*_MERGE_COLUMNS)
    return {p.pk: p for p in profiles.filter(pk__in=profile_ids)}


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
