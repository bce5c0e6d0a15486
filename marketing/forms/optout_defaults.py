"""The opt-out form every client starts with (migration 0004), in the default page's
words (features/opt-out)."""

from core.messages import UNSUBSCRIBE

DEFAULT_OPT_OUT_FORM = {
    "name": "Default Opt-out Form",
    "heading": UNSUBSCRIBE,
    "intro": "",
    "reasons": [
        "I no longer want to receive these emails",
        "I never signed up for this list",
        "The emails are not relevant to me",
        "I receive too many emails",
        "Other",
    ],
    "button_text": UNSUBSCRIBE,
    "thank_you_html": "",
}


def optout_default_ensure() -> None:
    """Every workspace's default opt-out form (tenants/workspace_defaults.py)."""
    from marketing.forms.models import OptOutForm

    if not OptOutForm.objects.filter(is_default=True).exists():
        OptOutForm.objects.create(is_default=True, **DEFAULT_OPT_OUT_FORM)
