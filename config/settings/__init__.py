"""Settings, split by topic. Every value that differs between machines comes from the
environment (django-environ); the defaults are the ones `make run` and `make test` use."""

from config.settings.base import *  # noqa: F403
from config.settings.billing import *  # noqa: F403
from config.settings.campaigns import *  # noqa: F403
from config.settings.celery import *  # noqa: F403
from config.settings.delivery import *  # noqa: F403
from config.settings.email import *  # noqa: F403
from config.settings.forms import *  # noqa: F403
from config.settings.pages import *  # noqa: F403
from config.settings.security import *  # noqa: F403
from config.settings.senders import *  # noqa: F403
from config.settings.storage import *  # noqa: F403
from config.settings.tenancy import *  # noqa: F403
from config.settings.tracking import *  # noqa: F403
from config.settings.uploads import *  # noqa: F403
from config.settings.verification import *  # noqa: F403
from config.settings.workflows import *  # noqa: F403
