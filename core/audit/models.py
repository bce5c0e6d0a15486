"""The audit trail (after Zulip's RealmAuditLog): one row per change a person or the
product made to a client's data, written in the change's own transaction by
`core.audit.record.audit_record`. Rows are never updated.

People live in the public schema, so the actor is an id plus a snapshot of their email (no
foreign key across schemas; the row outlives the person). The object is a type, an id and
a short label snapshot (the name it had then)."""

from django.db import models
from django.utils import timezone


class AuditObject(models.TextChoices):
    """What an event was done to: the part of an event type before its dot."""

    PROFILE = "profile", "Profile"
    GROUP_CATEGORY = "groupCategory", "Group category"
    GROUP = "group", "Group"
    TAG = "tag", "Tag"
    PROFILE_FIELD = "profileField", "Profile field"
    DOMAIN = "domain", "Managed domain"
    REP = "rep", "Rep"
    IMPORT = "import", "Import"
    EXPORT = "export", "Export"
    VERIFICATION = "verification", "Email verification"
    ACCESS_CONTROL = "accessControl", "Access control"
    SESSION = "session", "Sign-in"
    JOB = "job", "Background job"
    SEGMENT = "segment", "Segment"
    TEMPLATE_FOLDER = "templateFolder", "Template folder"
    TEMPLATE = "template", "Template"
    CAMPAIGN_HEADER = "campaignHeader", "Campaign header"
    CAMPAIGN_FOOTER = "campaignFooter", "Campaign footer"
    FILE_FOLDER = "fileFolder", "File folder"
    FILE = "file", "File"
    CAMPAIGN = "campaign", "Campaign"
    CAMPAIGN_TYPE = "campaignType", "Campaign type"
    CAMPAIGN_SETTINGS = "campaignSettings", "Campaign settings"
    UPDATE_PREFERENCES = "updatePreferences", "Update preferences"
    SENDING_TRANSPORT = "sendingTransport", "Sending transport"
    SENDING_HEALTH = "sendingHealth", "Sending health"
    DELIVERY_PACE = "deliveryPace", "Delivery rate"
    SENDER = "sender", "Sender"
    SENDER_DOMAIN = "senderDomain", "Sender domain"
    TRACKING_DOMAIN = "trackingDomain", "Tracking domain"
    PAGE_DOMAIN = "pageDomain", "Page domain"
    PAGE_STORAGE = "pageStorage", "Page storage"
    WORKFLOW = "workflow", "Workflow"
    ENROLLMENT = "enrollment", "Workflow enrollment"
    FORM = "form", "Form"
    FORM_THEME = "formTheme", "Form theme"
    DISCLAIMER = "disclaimer", "Disclaimer"
    OPT_OUT_FORM = "optOutForm", "Opt-out form"


class AuditEvent(models.TextChoices):
    """Every recorded action, named `<object type>.<what happened>`. A new service adds its
    events here (and its object type to AuditObject)."""

    PROFILE_CREATED = "profile.created", "Profile created"
    PROFILE_UPDATED = "profile.updated", "Profile updated"
    PROFILES_ADDED_TO_GROUP = "profile.addedToGroup", "Profiles added to a group"
    PROFILES_REP_ASSIGNED = "profile.repAssigned", "Profiles assigned to a rep"
    PROFILES_REMOVED_FROM_GROUP = "profile.removedFromGroup", "Profiles removed from a group"
    PROFILES_TAGGED = "profile.tagged", "Profiles tagged"
    PROFILES_FIELD_SET = "profile.fieldSet", "Profiles' field set"
    PROFILES_UNTAGGED = "profile.untagged", "Profiles untagged"
    PROFILES_ARCHIVED = "profile.archived", "Profiles archived"
    PROFILES_DELETED = "profile.deleted", "Profiles deleted"
    PROFILES_RESTORED = "profile.restored", "Profiles restored"
    PROFILES_UNSUBSCRIBED = "profile.unsubscribed", "Profiles unsubscribed"
    GROUP_CATEGORY_CREATED = "groupCategory.created", "Group category created"
    GROUP_CATEGORY_UPDATED = "groupCategory.updated", "Group category updated"
    GROUP_CATEGORY_DELETED = "groupCategory.deleted", "Group category deleted"
    GROUP_CREATED = "group.created", "Group created"
    GROUP_UPDATED = "group.updated", "Group updated"
    GROUP_DELETED = "group.deleted", "Group deleted"
    TAG_CREATED = "tag.created", "Tag created"
    TAG_UPDATED = "tag.updated", "Tag updated"
    TAG_DELETED = "tag.deleted", "Tag deleted"
    PROFILE_FIELD_CREATED = "profileField.created", "Profile field created"
    PROFILE_FIELD_UPDATED = "profileField.updated", "Profile field updated"
    PROFILE_FIELD_DELETED = "profileField.deleted", "Profile field deleted"
    DOMAIN_CREATED = "domain.created", "Domain added"
    DOMAIN_DELETED = "domain.deleted", "Domain deleted"
    REP_SAVED = "rep.saved", "Rep saved"
    IMPORT_UPLOADED = "import.uploaded", "File uploaded for import"
    IMPORT_STARTED = "import.started", "Import started"
    IMPORT_FINISHED = "import.finished", "Import finished"
    EXPORT_STARTED = "export.started", "Export started"
    VERIFICATION_STARTED = "verification.started", "Email verification started"
    ACCESS_CONTROL_CHANGED = "accessControl.changed", "Access for users changed"
    SIGNED_IN = "session.signedIn", "Signed in"
    SIGN_IN_FAILED = "session.signInFailed", "Sign-in failed"
    SSO_REFUSED = "session.ssoRefused", "Sign-in from the suite refused"
    SIGNED_OUT = "session.signedOut", "Signed out"
    JOB_CANCELLED = "job.cancelled", "Background job cancelled"
    JOB_FAILED = "job.failed", "Background job failed"
    SEGMENT_CREATED = "segment.created", "Segment created"
    SEGMENT_UPDATED = "segment.updated", "Segment updated"
    SEGMENT_DELETED = "segment.deleted", "Segment deleted"
    SEGMENT_FROZEN = "segment.frozen", "Static segment snapshot taken"
    TEMPLATE_FOLDER_CREATED = "templateFolder.created", "Template folder created"
    TEMPLATE_FOLDER_RENAMED = "templateFolder.renamed", "Template folder renamed"
    TEMPLATE_FOLDER_DELETED = "templateFolder.deleted", "Template folder deleted"
    TEMPLATE_CREATED = "template.created", "Template created"
    TEMPLATE_UPDATED = "template.updated", "Template updated"
    TEMPLATE_MOVED = "template.moved", "Template moved"
    TEMPLATE_DELETED = "template.deleted", "Template deleted"
    CAMPAIGN_HEADER_CREATED = "campaignHeader.created", "Campaign header created"
    CAMPAIGN_HEADER_UPDATED = "campaignHeader.updated", "Campaign header updated"
    CAMPAIGN_HEADER_DELETED = "campaignHeader.deleted", "Campaign header deleted"
    CAMPAIGN_FOOTER_CREATED = "campaignFooter.created", "Campaign footer created"
    CAMPAIGN_FOOTER_UPDATED = "campaignFooter.updated", "Campaign footer updated"
    CAMPAIGN_FOOTER_DELETED = "campaignFooter.deleted", "Campaign footer deleted"
    FILE_FOLDER_CREATED = "fileFolder.created", "File folder created"
    FILE_FOLDER_RENAMED = "fileFolder.renamed", "File folder renamed"
    FILE_FOLDER_DELETED = "fileFolder.deleted", "File folder deleted"
    FILE_UPLOADED = "file.uploaded", "File uploaded"
    FILE_RENAMED = "file.renamed", "File renamed"
    FILE_MOVED = "file.moved", "File moved"
    FILE_DELETED = "file.deleted", "File deleted"
    CAMPAIGN_CREATED = "campaign.created", "Campaign created"
    CAMPAIGN_UPDATED = "campaign.updated", "Campaign updated"
    CAMPAIGN_DELETED = "campaign.deleted", "Campaign deleted"
    CAMPAIGN_SCHEDULED = "campaign.scheduled", "Campaign scheduled"
    CAMPAIGN_STARTED = "campaign.started", "Campaign sending started"
    CAMPAIGN_PAUSED = "campaign.paused", "Campaign paused"
    CAMPAIGN_RESUMED = "campaign.resumed", "Campaign resumed"
    CAMPAIGN_TEST_SENT = "campaign.testSent", "Campaign test sent"
    CAMPAIGN_PUBLISHED = "campaign.published", "Campaign published"
    CAMPAIGN_UNPUBLISHED = "campaign.unpublished", "Campaign unpublished"
    CAMPAIGN_AB_WINNER_PICKED = "campaign.abWinnerPicked", "A/B winner picked"
    CAMPAIGN_RESEND_STARTED = "campaign.resendStarted", "Campaign resend started"
    CAMPAIGN_RSS_ISSUE_STARTED = "campaign.rssIssueStarted", "RSS campaign issue started"
    CAMPAIGN_TYPE_CREATED = "campaignType.created", "Campaign type created"
    CAMPAIGN_TYPE_UPDATED = "campaignType.updated", "Campaign type updated"
    CAMPAIGN_TYPE_DELETED = "campaignType.deleted", "Campaign type deleted"
    CAMPAIGN_SETTINGS_UPDATED = "campaignSettings.updated", "Campaign settings updated"
    UPDATE_PREFERENCES_UPDATED = "updatePreferences.updated", "Update preferences updated"
    UPDATE_PREFERENCES_DELETED = "updatePreferences.deleted", "Update preferences deleted"
    SENDING_TRANSPORT_SET = "sendingTransport.set", "Sending transport set"
    SENDING_TRANSPORT_DELETED = "sendingTransport.deleted", "Sending transport deleted"
    SENDING_HEALTH_TRIPPED = "sendingHealth.tripped", "Sending stopped (bounce or spam threshold)"
    SENDING_HEALTH_RESUMED = "sendingHealth.resumed", "Sending resumed"
    DELIVERY_PACE_SET = "deliveryPace.set", "Delivery rate set"
    DELIVERY_PACE_DELETED = "deliveryPace.deleted", "Delivery rate deleted"
    SENDER_CREATED = "sender.created", "Sender created"
    SENDER_UPDATED = "sender.updated", "Sender updated"
    SENDER_DELETED = "sender.deleted", "Sender deleted"
    SENDER_ACTIVATION_SENT = "sender.activationSent", "Sender verification email sent"
    SENDER_VERIFIED = "sender.verified", "Sender verified"
    SENDER_DOMAIN_ADDED = "senderDomain.added", "Sender domain added"
    SENDER_DOMAIN_CHECKED = "senderDomain.checked", "Sender domain verified or re-verified"
    SENDER_DOMAIN_DELETED = "senderDomain.deleted", "Sender domain deleted"
    SENDER_DOMAIN_DKIM_ROLLOVER_STARTED = (
        "senderDomain.dkimRolloverStarted",
        "New DKIM keys made for a sender domain",
    )
    SENDER_DOMAIN_DKIM_ROLLED_OVER = (
        "senderDomain.dkimRolledOver",
        "Sender domain's DKIM keys replaced",
    )
    TRACKING_DOMAIN_SAVED = "trackingDomain.saved", "Tracking domain saved"
    TRACKING_DOMAIN_DELETED = "trackingDomain.deleted", "Tracking domain deleted"
    PAGE_DOMAIN_ADDED = "pageDomain.added", "Page domain added"
    PAGE_DOMAIN_CHECKED = "pageDomain.checked", "Page domain checked"
    PAGE_DOMAIN_DELETED = "pageDomain.deleted", "Page domain deleted"
    PAGE_STORAGE_CHOSEN = "pageStorage.chosen", "Page storage chosen"
    WORKFLOW_CREATED = "workflow.created", "Workflow created"
    WORKFLOW_UPDATED = "workflow.updated", "Workflow saved"
    WORKFLOW_PUBLISHED = "workflow.published", "Workflow published"
    WORKFLOW_UNPUBLISHED = "workflow.unpublished", "Workflow unpublished"
    WORKFLOW_DELETED = "workflow.deleted", "Workflow deleted"
    ENROLLMENT_RESUMED = "enrollment.resumed", "Workflow enrollment resumed"
    ENROLLMENT_TERMINATED = "enrollment.terminated", "Workflow enrollment terminated"
    # A set-based change: count and ids (the workflow's in-flight enrollments ended by an
    # unpublish or a delete).
    ENROLLMENTS_TERMINATED = "enrollment.terminatedAll", "Workflow enrollments terminated"
    # The workflow engine's changes to enrollments, one row per batch (count and ids).
    ENROLLMENT_STARTED = "enrollment.started", "Profiles enrolled in a workflow"
    ENROLLMENT_COMPLETED = "enrollment.completed", "Workflow enrollments completed"
    ENROLLMENT_FAILED = "enrollment.failed", "Workflow enrollments failed"
    ENROLLMENT_DROPPED = "enrollment.dropped", "Workflow enrollments dropped"
    FORM_CREATED = "form.created", "Form created"
    FORM_UPDATED = "form.updated", "Form saved"
    FORM_PUBLISHED = "form.published", "Form published"
    FORM_UNPUBLISHED = "form.unpublished", "Form unpublished"
    FORM_LOCKED = "form.locked", "Form locked"
    FORM_UNLOCKED = "form.unlocked", "Form unlocked"
    FORM_DELETED = "form.deleted", "Form deleted"
    FORM_REPORT_SHARED = "form.reportShared", "Form report shared"
    FORM_REPORT_UNSHARED = "form.reportUnshared", "Form report share revoked"
    FORM_CRM_COPIED = "form.crmCopied", "Form submissions copied to CRM"
    FORM_THEME_SAVED = "formTheme.saved", "Form theme saved"
    FORM_THEME_DELETED = "formTheme.deleted", "Form theme deleted"
    DISCLAIMER_SAVED = "disclaimer.saved", "Disclaimer saved"
    DISCLAIMER_DELETED = "disclaimer.deleted", "Disclaimer deleted"
    OPT_OUT_FORM_SAVED = "optOutForm.saved", "Opt-out form saved"
    OPT_OUT_FORM_DEFAULT = "optOutForm.default", "Opt-out form made the default"
    OPT_OUT_FORM_DELETED = "optOutForm.deleted", "Opt-out form deleted"

    @property
    def object_type(self) -> "AuditObject":
        return AuditObject(self.value.split(".", 1)[0])


class AuditPath(models.TextChoices):
    """How the change came in."""

    UI = "ui", "UI"  # a page of the app itself
    API = "api", "API"  # a call from anything else (a script, an integration)
    SSO = "sso", "SSO"  # the parent suite's sign-in
    IMPORT = "import", "Import"  # a background import applying a file
    WORKFLOW = "workflow", "Workflow"  # an automated workflow
    RECIPIENT = "recipient", "Recipient"  # a person a message reached (unsubscribe link)
    SYSTEM = "system", "System"  # no person: a command, a scheduled task


class AuditLog(models.Model):
    # AuditEvent, AuditPath and AuditObject values; not `choices=`, so that a new event
    # (a campaign's, a workflow's) needs no migration.
    event_type = models.CharField(max_length=40)
    actor_id = models.BigIntegerField(null=True, blank=True)  # tenants.User, public schema
    actor_email = models.CharField(max_length=254, blank=True)
    path = models.CharField(max_length=10)
    client_address = models.CharField(max_length=45, blank=True)  # IPv4 or IPv6
    user_agent = models.CharField(max_length=255, blank=True)
    object_type = models.CharField(max_length=20)
    object_id = models.BigIntegerField(null=True, blank=True)
    object_label = models.CharField(max_length=255, blank=True)
    extra = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            # The Activity screen: newest first, alone or for one person or object type.
            models.Index(fields=["-created_at", "-id"], name="audit_newest"),
            models.Index(fields=["actor_id", "-created_at"], name="audit_actor_newest"),
            models.Index(fields=["object_type", "-created_at"], name="audit_object_newest"),
        ]
