"""What the workflows app says to people: spec 5.9's rules in its wording where the spec
gives it ('Please fill {field}' is spec 5.1's form helper; 'Please enter valid Email ID',
spec 5.2's, is core/messages.py's INVALID_EMAIL), ours where it does not."""

# the workflow itself (spec 5.4, 5.9)
NAME_REQUIRED = "Please fill Workflow Name"
DESCRIPTION_REQUIRED = "Please fill Description"
NAME_TAKEN = "A workflow with this name already exists."
WORKFLOW_NOT_FOUND = "Workflow not found."
WORKFLOW_IS_SUMMARY = (
    "This workflow is a summary notification: it is edited on Summary Notifications."
)
# The screen a summary notification's workflow is edited on (the 404's `errors.screen`).
SUMMARY_SCREEN = "/summaryNotifications"
ENROLLMENT_NOT_FOUND = "Enrollment not found."

# the definition (spec 5.9)
CHECK_FAILED = "Please correct the workflow before publishing."
DEFINITION_INVALID = "The workflow's steps are not in a form the builder writes."
TRIGGER_REQUIRED = "Please choose a trigger."
TRIGGER_DETAILS_REQUIRED = "Trigger details are required."
ACTION_REQUIRED = "Please add at least one action."
REQUIRED_ACTION_REQUIRED = (
    "Please add at least one required action: send an email, update a field, add or remove"
    " a group or tag, or notify the rep."
)
START_REQUIRED = "Please connect the trigger to the first step."
EDGE_UNKNOWN = "This step leads to a step that does not exist."
STEP_ID_TAKEN = "Two steps have the same id."
STEP_UNREACHABLE = "This step is not connected to the workflow."
CYCLE = "Steps cannot loop back to an earlier step."
UNSAVED_ACTION = "Please save this action before publishing."
FIELD_REQUIRED = "Please fill {field}"
TEMPLATE_UNKNOWN = "This template does not exist."
SENDER_UNKNOWN = "This sender does not exist."
SENDER_REQUIRED = (
    "Please select a sender (with the rep as sender, it is used when the rep cannot send)."
)
NOTIFY_SENDER_REQUIRED = "Please select the sender the notification comes from."
DATE_FIELD_REQUIRED = "Please choose a custom date field."
GROUP_UNKNOWN = "One of these groups does not exist."
TAG_UNKNOWN = "One of these tags does not exist."
SEGMENT_UNKNOWN = "This segment does not exist."
FIELD_UNKNOWN = "This profile field does not exist."
TIME_FORMAT = "Please enter a time as HH:MM."
FROM_BEFORE_TO = "From-time must be before to-time."
DELAY_OUTSIDE_SETTINGS = "The delay must fall within the workflow settings: at most {most}."
DELAY_REQUIRED = "Please fill Delay"
WAIT_REQUIRED = "Please choose a delay or a day and time to wait for."
WAIT_DAYS_REQUIRED = "Please choose the days or the time to wait for."
SPLIT_BRANCHES = "An A/B split needs at least two branches."
SPLIT_PERCENT = "The branches' percentages must add up to 100."
RULE_REQUIRED = "Please fill Rule"
WEBHOOK_STEP_UNAVAILABLE = (
    "Outgoing webhook steps cannot be published yet: they arrive with the webhooks integration."
)
WEBHOOK_TRIGGER_UNAVAILABLE = (
    "Incoming webhook triggers cannot be published yet: they arrive with the webhooks integration."
)

# lifecycle (spec 4)
ALREADY_PUBLISHED = "This workflow is already published."
NOT_PUBLISHED = "Only a published workflow can be unpublished."
ENROLLMENTS_CHOICE_REQUIRED = (
    "This workflow has active enrollments: choose whether to process them to the end or"
    " terminate them."
)
DELETE_PUBLISHED = "Please unpublish the workflow before deleting it."
NOT_RESUMABLE = "Only a failed or terminated enrollment can be resumed."
NOT_TERMINABLE = "Only an enrollment in process can be terminated."
RESUMED = "Resumed by {who}."
TERMINATED = "Terminated by {who}."
TERMINATED_BY_UNPUBLISH = "Terminated when the workflow was unpublished."
TERMINATED_BY_DELETE = "Terminated when the workflow was deleted."
STEP_GONE = "The step this enrollment was at is no longer in its version."

# lists and reports
DATE_RANGE = "The To day cannot be before the From day."
