from dataclasses import dataclass

from django.db.models import Count, F, Lookup, Q, QuerySet
from django.db.models.functions import Coalesce

from core.errors import NotFound
from marketing.audience.messages import PROFILE_NOT_FOUND
from marketing.audience.models import (
    CSB_THRESHOLD,
    NAME_KEY,
    Profile,
    ProfileSource,
    VerificationStatus,
)

# Wire sort key -> ORDER BY; every order ends on a unique column so pages are stable.
# Names sort case-insensitively (the NAME_KEY indexes).
PROFILE_SORTS: dict[str, tuple] = {
    "email": (F("email"),),
    "firstName": (NAME_KEY["first_name"], F("id")),
    "lastName": (NAME_KEY["last_name"], NAME_KEY["first_name"], F("id")),
    "createdAt": (F("created_at"), F("id")),
}
PROFILE_SORT_CHOICES = [*PROFILE_SORTS, *(f"-{key}" for key in PROFILE_SORTS)]
# Past this many rows (planner estimate) the list shows an estimated total, not a COUNT.
EXACT_COUNT_UP_TO = 50_000
PROFILE_STATUSES = ("active", "archived", "deleted", "unsubscribed", "csb")


class Like(Lookup):
    """`lhs LIKE pattern` as written: Django's contains/startswith add casts that keep the
    expression from matching its index (trigram on email, NAME_KEY btrees)."""

    lookup_name = "plain_like"

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        return f"{lhs} LIKE {rhs}", [*lhs_params, *rhs_params]


def _like_escape(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# Words past this many are ignored: each one adds three index scans.
SEARCH_WORDS_MAX = 4


def search_q(search: str) -> Q:
    """The search box: every word (case-insensitive) is in the email or begins the first
    or last name. "smith", "john sm", "acme.com" and "@acme" all find John Smith of
    john.smith@acme.com."""
    query = Q()
    for word in search.lower().split()[:SEARCH_WORDS_MAX]:
        escaped = _like_escape(word)
        query &= (
            Like(F("email"), f"%{escaped}%")
            | Like(NAME_KEY["first_name"], f"{escaped}%")
            | Like(NAME_KEY["last_name"], f"{escaped}%")
        )
    return query


@dataclass(frozen=True)
class ProfileFilters:
    search: str = ""
    group_id: int | None = None
    tag_id: int | None = None
    status: str = "active"
    verification: str | None = None


def _status_q(status: str) -> Q:
    alive = Q(deleted_at__isnull=True)
    return {
        "active": alive & Q(archived_at__isnull=True),
        "archived": alive & Q(archived_at__isnull=False),
        "deleted": Q(deleted_at__isnull=False),
        "unsubscribed": alive & Q(unsubscribed_at__isnull=False),
        "csb": alive & Q(soft_bounce_streak__gte=CSB_THRESHOLD),
    }[status]


def profile_filter(filters: ProfileFilters) -> QuerySet[Profile]:
    """Profiles matching the list's filters (unordered); shared by the list and exports."""
    queryset = Profile.objects.filter(_status_q(filters.status))
    if filters.search.strip():
        queryset = queryset.filter(search_q(filters.search))
    if filters.group_id is not None:
        queryset = queryset.filter(profilegroup__group_id=filters.group_id)
    if filters.tag_id is not None:
        queryset = queryset.filter(profiletag__tag_id=filters.tag_id)
    if filters.verification:
        queryset = queryset.filter(verification_status=filters.verification)
    return queryset


def _order(sort: str, *, searching: bool) -> list:
    descending = sort.startswith("-")
    keys = list(PROFILE_SORTS[sort.lstrip("-")])
    if searching:
        # A search keeps few rows: sort those, rather than let the planner walk a sort
        # index hoping to meet matches soon (they cluster there: a last name searched and
        # sorted by last name). COALESCE(x, x) is x, but no index serves it.
        keys[0] = Coalesce(keys[0], keys[0])
    return [key.desc() if descending else key.asc() for key in keys]


def profile_list(*, filters: ProfileFilters, sort: str = "-createdAt") -> QuerySet[Profile]:
    """The profile list: filtered, sorted by a whitelisted key, groups/tags/rep loaded."""
    return (
        profile_filter(filters)
        .select_related("rep")
        .prefetch_related("groups", "tags")
        .order_by(*_order(sort, searching=bool(filters.search.strip())))
    )


def profile_get(*, profile_id: int) -> Profile:
    profile = (
        Profile.objects.select_related("rep")
        .prefetch_related("groups", "tags")
        .filter(pk=profile_id)
        .first()
    )
    if profile is None:
        raise NotFound(PROFILE_NOT_FOUND)
    return profile


def profile_emails(profile_ids) -> dict[int, str]:
    """{id: email} of the given profiles (deleted ones included: a history outlives them)."""
    ids = [i for i in profile_ids if 0 < i <= 2**63 - 1]
    return dict(Profile.objects.filter(pk__in=ids).values_list("pk", "email"))


def profiles_exist() -> bool:
    """Whether the client has a profile (deleted ones aside): the getting-started list's
    first step, import contacts, is done."""
    return Profile.objects.filter(deleted_at__isnull=True).exists()


def profile_count_billable() -> int:
    """Billable profiles = total - inactive - archived (deleted ones are not counted)."""
    return Profile.objects.filter(
        deleted_at__isnull=True, archived_at__isnull=True, is_active=True
    ).count()


def email_verification_counts() -> dict[str, int]:
    """Profiles per verification status (spec 3 'Email stats'); absent statuses count 0."""
    counts = dict(
        Profile.objects.values_list("verification_status").annotate(n=Count("id")).order_by()
    )
    return {status.value: counts.get(status.value, 0) for status in VerificationStatus}


def profile_period_counts(start, end) -> dict[str, int]:
    """Profiles created in [start, end) and not deleted, those of them a form created
    (source "conversion"), and profiles that unsubscribed in it (a summary digest's
    figures, marketing/workflows/summary)."""
    created = Profile.objects.filter(
        created_at__gte=start, created_at__lt=end, deleted_at__isnull=True
    )
    counts = created.aggregate(
        new=Count("pk"), conversions=Count("pk", filter=Q(source=ProfileSource.CONVERSION))
    )
    unsubscribed = Profile.objects.filter(unsubscribed_at__gte=start, unsubscribed_at__lt=end)
    return {
        "newProfiles": counts["new"],
        "formConversions": counts["conversions"],
        "unsubscribes": unsubscribed.count(),
    }


def profile_by_email(email: str) -> Profile | None:
    """The profile of this (normalised) address, whatever its state (deleted and archived
    ones too: the address is unique among all of them)."""
    return Profile.objects.filter(email=email).first()
