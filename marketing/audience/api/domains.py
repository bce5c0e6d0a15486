from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS
from marketing.audience.schemas.domains import DomainIn, DomainListQuery, DomainOut, DomainPageOut
from marketing.audience.selectors.domains import managed_domain_list
from marketing.audience.services.domains import managed_domain_create, managed_domain_delete

router = Router(tags=["domains"])


@router.get("/mm/domains", response={200: DomainPageOut, **ERRORS}, by_alias=True)
def listDomains(request: HttpRequest, query: Query[DomainListQuery]):
    domains = managed_domain_list(domain_type=query.type, search=query.search)
    return paginate(domains, page=query.page, page_size=query.pageSize)


@router.post("/mm/domains", response={201: DomainOut, **ERRORS}, by_alias=True)
def addDomain(request: HttpRequest, data: DomainIn):
    return Status(201, managed_domain_create(domain=data.domain, domain_type=data.domain_type))


@router.delete("/mm/domains/{domain_id}", response={204: None, **ERRORS})
def deleteDomain(request: HttpRequest, domain_id: int):
    managed_domain_delete(domain_id=domain_id)
    return Status(204, None)
