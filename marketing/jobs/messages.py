"""The messages of background jobs and their files (the catalogue's jobs part:
core/messages.py says how the catalogue works)."""

INVALID_PATH = "Invalid file path."

UNAVAILABLE = "A service it needs was unavailable for too long; please try again later."

NO_FILE = "File not found."

JOB_EXISTS = (
    "An existing background job is present for the current operation, please try after some time"
)

NOT_CANCELLABLE = "This job cannot be cancelled."

CANCELLED_MESSAGE = "Cancelled."

LOST_MESSAGE = "Something went wrong: the job could not be started. Please try again."

JOB_NOT_FOUND = "Job not found."

UNKNOWN_KIND = "Unknown kind."

FILE_TOO_LARGE = "The file is too large to download this way."
