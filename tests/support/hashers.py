"""Argon2 at its cheapest, for the tests' own process only (conftest.py). Production's
parameters (Django's: 100 MiB, two passes) cost 0.1-2 s a hash on a 2-core machine, and
the suite signs in with a password a few thousand times. The hashes stay Argon2 with their
parameters in them, so an app server the tests start (production settings) still verifies
them, and upgrades each to production's parameters at its first sign-in."""

from django.contrib.auth.hashers import Argon2PasswordHasher


class CheapArgon2PasswordHasher(Argon2PasswordHasher):
    time_cost = 1
    memory_cost = 64  # KiB; Argon2's least is 8 per lane
    parallelism = 1
