from django.http import HttpRequest
from ninja import Query, Router

from core.pagination import paginate
from core.responses import ERRORS
from marketing.jobs import selectors, services
from marketing.jobs.schemas import JobListQuery, JobOut, JobPageOut, job_out
from tenants.access import authorize_owner_or_admin

router = Router(tags=["jobs"])


@router.get("/mm/jobs", response={200: JobPageOut, **ERRORS}, by_alias=True)
def jobList(request: HttpRequest, query: Query[JobListQuery]):
    result = paginate(
        selectors.job_list(status=query.status, kind=query.kind),
        page=query.page,
        page_size=query.pageSize,
    )
    result["items"] = [job_out(job) for job in result["items"]]
    return result


@router.get("/mm/jobs/{job_id}", response={200: JobOut, **ERRORS})
def jobGet(request: HttpRequest, job_id: int):
    return job_out(selectors.job_get(job_id))


@router.post("/mm/jobs/{job_id}/cancel", response={200: JobOut, **ERRORS})
def jobCancel(request: HttpRequest, job_id: int):
    """Its starter or an admin may cancel a job."""
    job = selectors.job_get(job_id)
    authorize_owner_or_admin(request.auth, owner_id=job.started_by_id)
    return job_out(services.job_cancel(job.pk))
