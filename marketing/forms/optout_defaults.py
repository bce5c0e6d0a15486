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
