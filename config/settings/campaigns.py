"""Campaigns (marketing/campaigns): the limits spec 9 names without their values."""

from config.settings.env import env

# Spec 9: sender name max 50 characters; resend follow-up days 2 to 10.
CAMPAIGN_SENDER_NAME_MAX = 50
CAMPAIGN_RESEND_DAYS = (2, 10)
# A test sent to a group: at most this many valid recipients (typed addresses:
# TEST_SEND_MAX_RECIPIENTS, delivery's).
CAMPAIGN_TEST_GROUP_LIMIT = env.int("CAMPAIGN_TEST_GROUP_LIMIT", default=20)
# Active campaign-type limit; a private type's campaigns need fewer recipients than this.
CAMPAIGN_TYPE_ACTIVE_LIMIT = env.int("CAMPAIGN_TYPE_ACTIVE_LIMIT", default=10)
CAMPAIGN_PRIVATE_RECIPIENT_LIMIT = env.int("CAMPAIGN_PRIVATE_RECIPIENT_LIMIT", default=100)
# A/B test share of the audience, in percent.
CAMPAIGN_AB_PERCENT = (10, 50)
# A schedule this many seconds in the past still counts as now (the time the form took).
CAMPAIGN_SCHEDULE_GRACE_SECONDS = 120
# Spec 5.2: "Warm-up campaigns need a minimum recipient count": a campaign marked as a
# warm-up campaign needs at least this many recipients (a handful of messages teaches the
# mailbox providers nothing about the domain). Other campaigns may be of any size; a new
# domain's daily allowance (DELIVERY_WARMUP_*) spreads a large one over several days.
CAMPAIGN_WARMUP_MIN_RECIPIENTS = env.int("CAMPAIGN_WARMUP_MIN_RECIPIENTS", default=50)
# Super-admin reports across clients (/performanceReport, /recentcampaigns, /scheduleSummary)
# read each client's schema in turn: at most this many campaigns from each, and a window
# of at most this many days.
CAMPAIGN_REPORT_CLIENT_LIMIT = env.int("CAMPAIGN_REPORT_CLIENT_LIMIT", default=200)
CAMPAIGN_REPORT_DAYS_MAX = 366
# A report's recipient list is counted exactly up to this many rows (as the planner expects
# them); past it the total is the planner's estimate, shown as "about N".
CAMPAIGN_REPORT_EXACT_UP_TO = env.int("CAMPAIGN_REPORT_EXACT_UP_TO", default=10_000)
# The utm_source added to a campaign's web links (unless the campaign excludes system UTM
# tags; utm_medium is "email", utm_campaign the campaign's name as a slug). An operator
# selling the product under another name sets it to that name.
CAMPAIGN_UTM_SOURCE = env.str("CAMPAIGN_UTM_SOURCE", default="mailcraft")
