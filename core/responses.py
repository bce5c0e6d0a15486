"""The API's error answer and the error statuses most calls document."""

from ninja import Schema


class ErrorOut(Schema):
    message: str
    errors: dict[str, list[str]] = {}


# 301 expired session, 400 bad input, 401 not signed in, 403 role or client, 404 not found.
ERRORS = {301: ErrorOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
# Calls that start a background job also answer 409 while one is running.
ERRORS_WITH_CONFLICT = {**ERRORS, 409: ErrorOut}
