"""Client settings (spec 5.10): the client's time zone and its public forms' captcha.

ALTCHA, the self-hosted proof of work, is the default; a client may choose Google
reCAPTCHA with its own site key and site secret instead. Spec 5.10's rule: the time zone
cannot be empty, and with reCAPTCHA neither can the site key or the site secret (a saved
secret is kept when none is sent: it is never shown again). The secret is sealed
(core/sealing.py). Admins only."""

from __future__ import annotations

import zoneinfo

from core.errors import ValidationFailed
from core.sealing import seal
from tenants.access import Member, authorize
from tenants.hosts import hosts_forget
from tenants.messages import (
    CAPTCHA_UNKNOWN,
    SITE_KEY_REQUIRED,
    SITE_SECRET_REQUIRED,
    TIME_ZONE_REQUIRED,
    TIME_ZONE_UNKNOWN,
)
from tenants.models import Client

CAPTCHAS = ("altcha", "recaptcha")


def client_settings_read(client: Client) -> dict:
    return {
        "time_zone": client.time_zone,
        "captcha": client.captcha,
        "site_key": client.recaptcha_site_key,
        "site_secret_set": bool(client.recaptcha_secret),
    }


def client_settings_update(
    *, client: Client, member: Member, time_zone: str, captcha: str, site_key: str, site_secret: str
) -> dict:
    authorize(member, admin_only=True)
    errors: dict[str, list[str]] = {}
    time_zone, site_key, site_secret = time_zone.strip(), site_key.strip(), site_secret.strip()
    if not time_zone:
        errors["timeZone"] = [TIME_ZONE_REQUIRED]
    elif time_zone not in zoneinfo.available_timezones():
        errors["timeZone"] = [TIME_ZONE_UNKNOWN]
    if captcha not in CAPTCHAS:
        errors["captcha"] = [CAPTCHA_UNKNOWN]
    elif captcha == "recaptcha":
        if not site_key:
            errors["siteKey"] = [SITE_KEY_REQUIRED]
        if not site_secret and not client.recaptcha_secret:
            errors["siteSecret"] = [SITE_SECRET_REQUIRED]
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)
    client.time_zone, client.captcha = time_zone, captcha
    client.recaptcha_site_key = site_key
    if site_secret:
        client.recaptcha_secret = seal(site_secret)
    client.save(update_fields=["time_zone", "captcha", "recaptcha_site_key", "recaptcha_secret"])
    hosts_forget()  # this process's pages host reads the client afresh
    return client_settings_read(client)
