from django.http import HttpRequest
from ninja import Router, Status

from marketing.audience.schemas.common import ERRORS
from marketing.audience.schemas.verification import JobStartedOut, VerificationRunIn
from marketing.audience.services.verification import verification_run
from tenants.access import authorize
from tenants.schemas import ErrorOut

router = Router(tags=["verification"])


@router.post(
    "/mm/verification/run",
    response={202: JobStartedOut, 409: ErrorOut, **ERRORS},
    by_alias=True,
)
def runVerification(request: HttpRequest, data: VerificationRunIn):
    authorize(request.auth)
    job = verification_run(member=request.auth, scope=data.scope)
    return Status(202, {"job_id": job.pk})
