from typing import Literal

from marketing.audience.schemas.common import CamelSchema


class VerificationRunIn(CamelSchema):
    scope: Literal["pending", "all"]


class JobStartedOut(CamelSchema):
    job_id: int
