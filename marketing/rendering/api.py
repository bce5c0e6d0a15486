"""The rendering API (gates: config/operation_gates.py)."""

from ninja import Router

router = Router(tags=["rendering"])
