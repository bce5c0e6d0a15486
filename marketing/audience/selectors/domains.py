from django.db.models import QuerySet

from marketing.audience.models import ManagedDomain


def managed_domain_list(*, domain_type: int | None = None, search: str | None = None) -> QuerySet:
    """Newest first; `search` is a case-insensitive contains on the domain name."""
    domains = ManagedDomain.objects.all()
    if domain_type is not None:
        domains = domains.filter(domain_type=domain_type)
    if search and search.strip():
        domains = domains.filter(domain__icontains=search.strip())
    return domains.order_by("-created_at", "-id")
