"""Uploaded and generated files (imports, exports). Every file lives under
MEDIA_ROOT/<client schema>/..., so a path can be checked against its client's prefix."""

from config.settings.env import env

# Largest profile import file accepted (bytes): 256 MB by default, room for a 1,000,000-row
# file with 15 columns (~135 MB).
IMPORT_MAX_UPLOAD_BYTES = env.int("IMPORT_MAX_UPLOAD_BYTES", default=256 * 1024 * 1024)
# Largest request body accepted (bytes), refused with 413 before any of it is stored
# (core/body_limit.py): the largest import file plus room for the multipart envelope.
MAX_REQUEST_BODY_BYTES = env.int(
    "MAX_REQUEST_BODY_BYTES", default=IMPORT_MAX_UPLOAD_BYTES + 1024 * 1024
)
# Longest physical line of a CSV/TXT import (bytes).
IMPORT_MAX_LINE_BYTES = env.int("IMPORT_MAX_LINE_BYTES", default=1024 * 1024)
# XLSX (a zip): total uncompressed size and the largest compression ratio of one entry.
IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES = env.int(
    "IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES", default=1024 * 1024 * 1024
)
IMPORT_XLSX_MAX_RATIO = env.int("IMPORT_XLSX_MAX_RATIO", default=200)
# Rows validated and staged between two progress updates / cancel checks.
IMPORT_CHUNK_ROWS = env.int("IMPORT_CHUNK_ROWS", default=50_000)
# Files this large are checked by two processes (imports/staging.py); 0 = always.
IMPORT_PARALLEL_MIN_BYTES = env.int("IMPORT_PARALLEL_MIN_BYTES", default=4 * 1024 * 1024)
# An import adding at least this many profiles, and at least as many as the client has,
# rebuilds the profile indexes instead of updating them row by row (imports/apply.py).
IMPORT_BULK_MIN_ROWS = env.int("IMPORT_BULK_MIN_ROWS", default=20_000)
# How long a bulk import waits to lock the profile table before applying row by row.
IMPORT_BULK_LOCK_TIMEOUT_MS = env.int("IMPORT_BULK_LOCK_TIMEOUT_MS", default=5000)
# Reading an uploaded .xlsx file in the worker (its zip inflated, its sheet opened).
IMPORT_INSPECT_SOFT_TIME_LIMIT = env.int("IMPORT_INSPECT_SOFT_TIME_LIMIT", default=600)
# Long jobs outlive the default task time limits (config/settings/celery.py).
IMPORT_TASK_SOFT_TIME_LIMIT = env.int("IMPORT_TASK_SOFT_TIME_LIMIT", default=3600)
EXPORT_MAX_RECORDS = 200_000
# Files kept in memory while uploading before Django spills them to a temporary file.
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
