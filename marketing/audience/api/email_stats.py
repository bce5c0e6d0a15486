from django.http import HttpRequest
from ninja import Router

from core.responses import ErrorOut
from marketing.audience.schemas.email_stats import EmailStatsOut
from marketing.audience.selectors.profiles import email_verification_counts

router = Router(tags=["audience"])


@router.get(
    "/fetchemailstats", response={200: EmailStatsOut, 301: ErrorOut, 401: ErrorOut, 403: ErrorOut}
)
def fetchemailstats(request: HttpRequest):
    return {"Success": True, **email_verification_counts()}
