"""Stripe (billing/stripe_adapter.py). With no platform key set, every client without keys
of its own talks to localstripe (a local Stripe API: `make run` starts one on
LOCALSTRIPE_PORT; the tests start their own), so a newcomer can buy end to end."""

from config.settings.env import env

# The platform's Stripe account (clients connected to it by a Connect account id).
STRIPE_SECRET_KEY = env("STRIPE_SECRET_KEY", default="")
STRIPE_PUBLISHABLE_KEY = env("STRIPE_PUBLISHABLE_KEY", default="")
# The signing secret of the platform's webhook endpoint (/stripe/webhook on the public host).
STRIPE_WEBHOOK_SECRET = env("STRIPE_WEBHOOK_SECRET", default="whsec_localstripe")
LOCALSTRIPE_PORT = env.int("LOCALSTRIPE_PORT", default=8420)
# Where the SDK sends its calls when no key is configured, and where the checkout page
# loads the Stripe.js stand-in from.
LOCALSTRIPE_URL = env("LOCALSTRIPE_URL", default=f"http://127.0.0.1:{LOCALSTRIPE_PORT}")
# Seconds one call may wait for Stripe before the shopper is told to try again.
STRIPE_TIMEOUT_SECONDS = env.float("STRIPE_TIMEOUT_SECONDS", default=10.0)
# A signed self-service link (cancel, change card, invoices) lives this long.
COMMERCE_PORTAL_MAX_AGE_DAYS = env.int("COMMERCE_PORTAL_MAX_AGE_DAYS", default=30)
# The sender of receipts (marketing/commerce), when the client's name is its display name.
COMMERCE_RECEIPT_FROM_ADDRESS = env(
    "COMMERCE_RECEIPT_FROM_ADDRESS", default="no-reply@mailcraft.localhost"
)
