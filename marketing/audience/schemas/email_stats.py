from typing import Literal

from ninja import Schema


class EmailStatsOut(Schema):
    Success: Literal[True]
    Valid: int
    Invalid: int
    Unknown: int
    Pending: int
