"""The audience suites share the marketing fixtures (tests/marketing/conftest.py)."""
