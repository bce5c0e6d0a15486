from django.db.models import QuerySet

from marketing.audience.models import Rep

NO_REP = "No Rep"
INSUFFICIENT_DETAILS = "InsufficientDetails"


def rep_display_name(rep: Rep | None) -> str:
    """Spec 3: first + last name, else first name, else the email's local part, else
    'InsufficientDetails'; no rep at all is 'No Rep'."""
    if rep is None:
        return NO_REP
    first, last = rep.first_name.strip(), rep.last_name.strip()
    if first and last:
        return f"{first} {last}"
    if first:
        return first
    local_part = (rep.email or "").partition("@")[0].strip()
    return local_part or INSUFFICIENT_DETAILS


def rep_list() -> QuerySet[Rep]:
    """Active reps, by name."""
    return Rep.objects.filter(is_active=True).order_by("first_name", "last_name", "email")


def reps_by_id(rep_ids: list[int]) -> list[Rep]:
    """The reps with these ids, whatever their state (the caller judges a disabled one)."""
    return list(Rep.objects.filter(pk__in=rep_ids))
