from django.http import HttpRequest
from ninja import Router, Status

from core.responses import ERRORS_WITH_CONFLICT
from marketing.audience.schemas.verification import JobStartedOut, VerificationRunIn
from marketing.audience.services.verification import verification_run

router = Router(tags=["verification"])


@router.post(
    "/mm/verification/run",
    response={202: JobStartedOut, **ERRORS_WITH_CONFLICT},
    by_alias=True,
)
def runVerification(request: HttpRequest, data: VerificationRunIn):
    job = verification_run(member=request.auth, scope=data.scope)
    return Status(202, {"job_id": job.pk})
