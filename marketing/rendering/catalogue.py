"""The merge-tag catalogue (spec 3 "Merge tags"): every group the designer's picker shows
and the renderer recognises, with each tag's name and label.

Tag names are matched case-insensitively (`<% FirstName %>` is `<% firstName %>`): people
type them by hand and a wrong case must not silently print nothing. The client fields come
from the profile field registry and the client's custom fields (selectors.py adds them);
the groups below are fixed. The groups whose data has no model yet (subscriptions, orders
and production, invoices, notifications, automation) are recognised: their tags render the
value a caller puts in the render context (delivery and workflows, later issues) and,
until then, their fallback (`<% planName || your plan %>`) or nothing.

Plain data: no Django imports."""

from dataclasses import dataclass


@dataclass(frozen=True)
class MergeTag:
    name: str
    label: str


@dataclass(frozen=True)
class MergeTagGroup:
    key: str
    label: str
    tags: tuple[MergeTag, ...]


def _group(key: str, label: str, *tags: tuple[str, str]) -> MergeTagGroup:
    return MergeTagGroup(key, label, tuple(MergeTag(name, text) for name, text in tags))


# Client fields that are not profile fields (the rest come from the field registry).
TIME_TRADE_LINK = MergeTag("timeTradeLink", "TimeTrade Link")
# The profile's id: the standard group's "customer id".
CUSTOMER_ID = "customerId"
REP_FIRST_NAME = "repFirstName"
REP_LAST_NAME = "repLastName"
REP_EMAIL = "repEmail"
REP_NAME = "repName"
CAMPAIGN_ID = "campaignId"
# A message's own links (delivery fills them per recipient; nothing in a preview): the
# default opt-out page and the update-preferences page, each with the recipient's token,
# and the message's web copy (only when the campaign settings' "view in browser" is on).
UNSUBSCRIBE_LINK = "unsubscribeLink"
PREFERENCES_LINK = "updatePreferencesLink"
VIEW_IN_BROWSER_LINK = "viewInBrowserLink"

STANDARD = _group(
    "standard",
    "Standard fields",
    (CUSTOMER_ID, "Customer ID"),
    (REP_NAME, "Rep Name"),
    (REP_FIRST_NAME, "Rep First Name"),
    (REP_LAST_NAME, "Rep Last Name"),
    (REP_EMAIL, "Rep Email"),
    ("repPhone", "Rep Phone"),
    ("repTitle", "Rep Title"),
    (CAMPAIGN_ID, "Campaign ID"),
    ("socialLink", "Social Link"),
    ("orderStage", "Order Stage"),
    ("previousOrderStage", "Previous Order Stage"),
    (UNSUBSCRIBE_LINK, "Unsubscribe Link"),
    (PREFERENCES_LINK, "Update Preferences Link"),
    (VIEW_IN_BROWSER_LINK, "View in Browser Link"),
)

SUBSCRIPTION = _group(
    "subscription",
    "Subscription fields",
    ("planName", "Plan Name"),
    ("subscriptionNumber", "Subscription Number"),
    ("subscriptionQuantity", "Quantity"),
    ("subscriptionCreatedDate", "Created Date"),
    ("subscriptionStartDate", "Start Date"),
    ("subscriptionEndDate", "End Date"),
    ("trialStartDate", "Trial Start Date"),
    ("trialEndDate", "Trial End Date"),
    ("nextBillingDate", "Next Billing Date"),
    ("renewalDate", "Renewal Date"),
    ("renewalLink", "Renewal Link"),
    ("billingCycle", "Billing Cycle"),
    ("cancelledDate", "Cancelled Date"),
    ("paymentSummary", "Payment Summary"),
    ("refundSummary", "Refund Summary"),
    ("gifterName", "Gifter Name"),
    ("gifterEmail", "Gifter Email"),
    ("gifterPhone", "Gifter Phone"),
    ("nextAmount", "Next Amount"),
    ("endAction", "End Action"),
    ("customerPortalLink", "Customer Portal Link"),
)

ORDER_PRODUCTION = _group(
    "orderProduction",
    "Order and production fields",
    ("contractId", "Contract ID"),
    ("proposalNumber", "Proposal Number"),
    ("proposalTotal", "Proposal Total"),
    ("issueName", "Issue"),
    ("materialDeadline", "Material Deadline"),
    ("salesDeadline", "Sales Deadline"),
    ("adSize", "Ad Size"),
    ("rateCard", "Rate Card"),
    ("netAmount", "Net"),
    ("charges", "Charges"),
    ("discounts", "Discounts"),
    ("salesReps", "Sales Reps"),
    ("productionStage", "Production Stage"),
    ("previousProductionStage", "Previous Production Stage"),
    ("renewalInfo", "Renewal Info"),
)

LATE_NOTICE = _group(
    "lateNotice",
    "Late-notice invoice fields",
    ("invoiceNumber", "Invoice Number"),
    ("invoiceDate", "Invoice Date"),
    ("invoiceDueDate", "Invoice Due Date"),
    ("invoiceAmount", "Invoice Amount"),
    ("invoiceBalance", "Invoice Balance"),
    ("invoiceDaysLate", "Days Late"),
    ("invoiceLink", "Invoice Link"),
)

REP_NOTIFICATION = _group(
    "repNotification",
    "Rep-notification fields",
    ("notificationContactName", "Contact Name"),
    ("notificationContactEmail", "Contact Email"),
    ("notificationActivity", "Activity"),
    ("notificationDate", "Activity Date"),
    ("notificationLink", "Activity Link"),
)

PRODUCTION_CONTACT = _group(
    "productionContact",
    "Production-contact fields",
    ("productionContactName", "Production Contact Name"),
    ("productionContactEmail", "Production Contact Email"),
    ("productionContactPhone", "Production Contact Phone"),
)

_PERIODS = (("Today", "today"), ("Week", "this week"), ("Month", "this month"))
_PERIODS += (("Quarter", "this quarter"),)
_SUMMARIES = (
    ("contracts", "Contracts"),
    ("activity", "Activity"),
    ("pipelineVisibility", "Pipeline Visibility"),
    ("activityBySalesPerson", "Activity by Sales Person"),
    ("proposals", "Proposals"),
    ("meetings", "Meetings"),
    # Beyond spec 3's CRM fields: the client's own figures for the period, which a
    # summary digest fills (marketing/workflows/summary/figures.py).
    ("campaignsSent", "Campaigns Sent"),
    ("opens", "Opens"),
    ("clicks", "Clicks"),
    ("newProfiles", "New Profiles"),
    ("formConversions", "Form Conversions"),
    ("unsubscribes", "Unsubscribes"),
)
SUMMARY_NOTIFICATION = _group(
    "summaryNotification",
    "Summary-notification fields",
    *(
        (f"{name}{period}", f"{label} ({when})")
        for period, when in _PERIODS
        for name, label in _SUMMARIES
    ),
)

PRODUCTION_NOTIFICATION = _group(
    "productionNotification",
    "Production-notification fields",
    ("productionItem", "Production Item"),
    ("productionStatus", "Production Status"),
    ("productionDueDate", "Production Due Date"),
    ("productionAssignee", "Production Assignee"),
    ("productionNotes", "Production Notes"),
)

# RSS_ tags: the channel's title, and each item's fields. Bare names are the first item's
# (or, inside an RSS_ITEMS block, the current item's); `RSS_title_2` is the second item's.
RSS_PREFIX = "RSS_"
RSS_CHANNEL_TITLE = "RSS_channelTitle"
RSS_ITEM_FIELDS = ("title", "description", "pubDate", "link", "guid", "author", "enclosure")
# `<% RSS_ITEMS %> ... <% /RSS_ITEMS %>` repeats its content for each item (at most the
# campaign's rssFeedObject.articleCount, which the caller passes).
RSS_LOOP = "RSS_ITEMS"
RSS = _group(
    "rss",
    "RSS fields",
    (RSS_CHANNEL_TITLE, "Channel Title"),
    ("RSS_title", "Title"),
    ("RSS_description", "Description"),
    ("RSS_pubDate", "Publication Date"),
    ("RSS_link", "Link"),
    ("RSS_guid", "GUID"),
    ("RSS_author", "Author"),
    ("RSS_enclosure", "Enclosure"),
)

AUTOMATION = _group(
    "automation",
    "Automation fields",
    ("scheduleName", "Schedule Name"),
    ("invoiceSummary", "Invoice Summary"),
    ("prepaySummary", "Prepay Summary"),
    ("batchBillingSummary", "Batch Billing Summary"),
    ("reportsUrl", "Reports URL"),
    ("createdBy", "Created By"),
    (REP_FIRST_NAME, "Rep First Name"),
    (REP_LAST_NAME, "Rep Last Name"),
    ("digitalMediaReportSummary", "Digital Media Report Summary"),
    ("platformNames", "Platform Names"),
    ("dateRange", "Date Range"),
    ("scheduledReportData", "Scheduled Report Data"),
)

CLIENT_GROUP_KEY = "client"
CLIENT_GROUP_LABEL = "Client fields"
CUSTOM_GROUP_KEY = "custom"
CUSTOM_GROUP_LABEL = "Custom fields"

# In the picker's order, after the client and custom fields.
FIXED_GROUPS: tuple[MergeTagGroup, ...] = (
    STANDARD,
    SUBSCRIPTION,
    ORDER_PRODUCTION,
    LATE_NOTICE,
    REP_NOTIFICATION,
    PRODUCTION_CONTACT,
    SUMMARY_NOTIFICATION,
    PRODUCTION_NOTIFICATION,
    RSS,
    AUTOMATION,
)

# Spec 5.1: link protocols a link may use (or it starts with a merge tag).
LINK_PROTOCOLS = (
    "http",
    "https",
    "mailto",
    "tel",
    "sms",
    "ftp",
    "file",
    "geo",
    "whatsapp",
    "skype",
    "viber",
    "intent",
    "market",
)
TRACKED_PROTOCOLS = ("http", "https")

# Spec 5.1: "Bot-click links with known guid urls are excluded from link lists." A
# template may carry hidden honeypot links (no person sees them, so a click on one is a
# scanner's); their URLs carry one of these markers. They are left as written (their own
# URL records the bot's visit), and kept out of the tracked-link list and link reports.
BOT_LINK_GUIDS = (
    "7d3f9a52-1c4e-4b8a-9f06-2e5b8c7d1a04",
    "c2a8e1f4-6b3d-4e9a-8d17-5f0a9b3c6e21",
)

# Preview values when no profile is chosen (the client fields' registry names).
SAMPLE_VALUES = {
    "firstName": "Alex",
    "lastName": "Morgan",
    "mailId": "alex.morgan@example.com",
    "company": "Example Media",
    "phone": "555-0100",
    "title": "Marketing Director",
    "city": "Springfield",
    "state": "IL",
    "country": "United States",
    "county": "Sangamon",
    "zipCode": "62701",
    "address1": "1 Main Street",
    REP_NAME: "Jordan Lee",
    REP_FIRST_NAME: "Jordan",
    REP_LAST_NAME: "Lee",
    REP_EMAIL: "jordan.lee@example.com",
    CUSTOMER_ID: "1001",
}
