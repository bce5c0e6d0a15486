"""The platform core: pieces every other package imports (errors, pagination, the task
base, request helpers, the audit trail). It imports none of them (.importlinter)."""
