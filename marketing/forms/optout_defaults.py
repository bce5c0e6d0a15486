"""The opt-out form every client starts with (migration 0004), in the default page's
words (features/opt-out)."""

DEFAULT_OPT_OUT_FORM = {
    "name": "Default Opt-out Form",
    "heading": "Unsubscribe",
    "intro": "",
    "reasons": [
        "I no longer want to receive these emails",
        "I never signed up for this list",
        "The emails are not relevant to me",
        "I receive too many emails",
        "Other",
    ],
    "button_text": "Unsubscribe",
    "thank_you_html": "",
}
