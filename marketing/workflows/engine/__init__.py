"""The workflow engine: enrollment (enroll.py), the runner that carries enrollments from
step to step (runner.py, steps.py), timers (timing.py), the triggers matched as events are
written (triggers.py, events.py, sweeps.py) and the dry run (dry_run.py).
docs/flows/workflow-enrollment.md follows one enrollment through them."""
