"""Errors the services raise; config/api.py turns each into the one JSON error shape."""

from core.messages import INVALID_REQUEST


class ServiceError(Exception):
    status_code = 400

    def __init__(self, message: str, *, errors: dict[str, list[str]] | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors or {}


class ValidationFailed(ServiceError):
    status_code = 400


def invalid_field(field: str, reason: str) -> ValidationFailed:
    """The 400 for one field: {"message": "Invalid Request", "errors": {field: [reason]}}."""
    return ValidationFailed(INVALID_REQUEST, errors={field: [reason]})


class PermissionDenied(ServiceError):
    status_code = 403


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409


class UnsupportedMediaType(ServiceError):
    status_code = 415


class TooManyRequests(ServiceError):
    status_code = 429


class TenantRequired(RuntimeError):
    """A client-scoped task or service was reached in the public schema."""
