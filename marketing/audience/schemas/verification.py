from typing import Literal

from core.schemas import CamelSchema


class VerificationRunIn(CamelSchema):
    scope: Literal["pending", "all"]


class JobStartedOut(CamelSchema):
    job_id: int
