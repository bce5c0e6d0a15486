from django.apps import AppConfig


class AssemblyConfig(AppConfig):
    """The assembly is an installed app only to register what belongs to the whole
    deployment: the production start-up checks (config/checks.py) and the gates of job
    files from the one gate table (config/operation_gates.py)."""

    name = "config"
    verbose_name = "Assembly"

    def ready(self) -> None:
        from config.checks import register_production_checks
        from config.operation_gates import JOB_KIND_GATES
        from marketing.jobs.files import job_file_gates_register

        register_production_checks()
        job_file_gates_register(JOB_KIND_GATES)
