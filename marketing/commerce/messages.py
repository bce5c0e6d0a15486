"""What commerce says to staff and shoppers: the spec's wording where it gives one (5.10:
at least one plan; 4: 'Until Cancelled'), ours where it does not."""

# checkout forms (spec 3, 4, 5.10)
NAME_REQUIRED = "Please fill Checkout Form Name "
NAME_TAKEN = "A checkout form with this name already exists."
FORM_NOT_FOUND = "Checkout form not found."
PLAN_REQUIRED = "Please select at least one plan."  # spec 5.10
PLAN_UNKNOWN = "A plan on this form does not exist."
PLAN_KIND_SUBSCRIPTION = "A checkout form sells recurring plans; one-time plans go on order forms."
PLAN_KIND_ORDER = "An order form sells one-time plans."
GROUP_REQUIRED = "Please select a group for the buyers' profiles."
GROUP_UNKNOWN = "A group chosen for the buyers does not exist."
FIELD_UNKNOWN = "A field of this checkout form is not in the profile field registry."
ALREADY_PUBLISHED = "The checkout form is already published."
NOT_PUBLISHED = "The checkout form is not published."
DELETE_PUBLISHED = "Please unpublish the checkout form before deleting it."
SUBSCRIPTIONS_OFF = "Subscriptions are not enabled for this account."

# the shopper's page
PAGE_UNAVAILABLE = "This checkout is not available."
PAY_EMAIL_INVALID = "Please enter a valid email address."
PAY_FIELD_REQUIRED = "Please enter your {field}."
PAY_PLAN_INVALID = "Please choose one of the plans offered."
PAY_QUANTITY_INVALID = "Please choose a quantity from 1 to {limit}."
PAY_CARD_MISSING = "Please enter your card details."
PAY_DECLINED = "Your card was declined: {reason} Nothing was charged."
PAY_FAILED = "The payment did not go through. Nothing was charged; please try another card."
PAY_BUTTON = "Pay now"
PAY_SUCCESS_TITLE = "Thank you!"
PAY_SUCCESS = "Your payment was received. A receipt is on its way to {email}."

# displays (spec 4, 9)
UNTIL_CANCELLED = "Until Cancelled"

# the receipt (marketing/delivery's transactional lane)
RECEIPT_SUBJECT = "Your receipt from {client}"
RECEIPT_SUBSCRIPTION = (
    "Thank you for subscribing to {plan}: {amount} {cycle}, next billed on {next}."
)
RECEIPT_TRIAL = "Thank you for subscribing to {plan}: your free trial ends on {trial_end}."
RECEIPT_ORDER = "Thank you for your order of {quantity} x {plan}: {amount} paid."
RECEIPT_PORTAL = "Manage your subscription: {link}"

# the self-service portal
PORTAL_TITLE = "Your subscriptions"
PORTAL_INVALID = "This link is not valid or has expired."
PORTAL_CANCELLED = "Your subscription is cancelled."

# staff actions
REFUND_AMOUNT_INVALID = "A refund is from 1 cent up to what was paid and not yet refunded."
SUBSCRIPTION_NOT_FOUND = "Subscription not found."
ORDER_NOT_FOUND = "Order not found."
ALREADY_CANCELLED = "The subscription is already cancelled."
PAGE_NEEDS_SCRIPT = "This checkout needs JavaScript to take your card safely."
