"""The profiles of a claimed batch, for the send pipeline's merge tags (marketing/delivery).
Who may be mailed, as SQL, is the audience's SQL surface (sql_surface.py
`mailable_condition`)."""

from marketing.audience.models import Profile


def profiles_by_id(profile_ids: list[int]) -> dict[int, Profile]:
    """The profiles (with their reps, for merge tags) of one claimed batch, by id."""
    return {p.pk: p for p in Profile.objects.select_related("rep").filter(pk__in=profile_ids)}
