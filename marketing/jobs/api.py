from django.http import HttpRequest
from ninja import Router

from marketing.jobs import selectors, services
from marketing.jobs.schemas import JobOut, JobPageOut, job_out
from tenants.access import authorize
from tenants.schemas import ErrorOut

router = Router(tags=["jobs"])
ERRORS = {301: ErrorOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


@router.get("/mm/jobs", response={200: JobPageOut, **ERRORS})
def jobs_list(
    request: HttpRequest,
    status: str | None = None,
    kind: str | None = None,
    page: int = 1,
    pageSize: int = 10,  # noqa: N803 - wire name
):
    authorize(request.auth)
    result = selectors.paginate(
        selectors.job_list(status=status, kind=kind), page=page, page_size=pageSize
    )
    result["items"] = [job_out(job) for job in result["items"]]
    return result


@router.get("/mm/jobs/{job_id}", response={200: JobOut, **ERRORS})
def jobs_get(request: HttpRequest, job_id: int):
    authorize(request.auth)
    return job_out(selectors.job_get(job_id))


@router.post("/mm/jobs/{job_id}/cancel", response={200: JobOut, **ERRORS})
def jobs_cancel(request: HttpRequest, job_id: int):
    authorize(request.auth)
    selectors.job_get(job_id)
    return job_out(services.job_cancel(job_id))
