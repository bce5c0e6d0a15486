"""The one table of who may call what: every operation of the API names its gate here.

The API applies the gate before the handler runs (config/api.py), so a handler cannot
forget it; an operation without an entry stops the app at start, and the role matrix test
(tests/config/test_role_matrix.py) checks every entry against every role. Where the
action type depends on a choice in the request (a bulk action, an import kind) the gate
says which choice needs what, and the handler applies that part once it knows the choice."""

from tenants.access import ActionType, Gate

MEMBER = Gate()
ADMIN = Gate(admin_only=True)
PUBLIC = Gate(public=True)
SUPERADMIN = Gate(superadmin_only=True)
# Sign-in state and sign-out answer without marketing access (the status call tells the
# front end that a person lacks it).
SIGNED_IN = Gate(needs_mkm=False)

PROFILE_BULK_ACTION_TYPES = {
    "delete": ActionType.DELETE_PROFILES,
    "restore": ActionType.DELETE_PROFILES,
    "unsubscribe": ActionType.OPT_OUTS,
}
IMPORT_KIND_ACTION_TYPES = {"unsubscribers": ActionType.OPT_OUTS}
IMPORTS = Gate(by_choice=IMPORT_KIND_ACTION_TYPES)
PROFILE_FIELDS = Gate(action_type=ActionType.MANAGE_PROFILE_FIELDS)
DOMAINS = Gate(action_type=ActionType.MANAGE_DOMAINS)
SENDERS = Gate(action_type=ActionType.MANAGE_SENDERS)
DISCLAIMER_SECTION = Gate(action_type=ActionType.DISCLAIMER_SECTION)
OPT_OUTS = Gate(action_type=ActionType.OPT_OUTS)
# The file a job made is gated like the action that made it (and by who started it).
JOB_KIND_GATES = {
    "profileExport": Gate(action_type=ActionType.EXPORT_PROFILES),
    "unsubscriberImport": Gate(action_type=ActionType.OPT_OUTS),
    "activityExport": ADMIN,  # the audit trail
    "segmentExport": Gate(action_type=ActionType.EXPORT_PROFILES),
    "campaignReportExport": Gate(action_type=ActionType.EXPORT_PROFILES),
    "formSubmissionExport": Gate(action_type=ActionType.EXPORT_PROFILES),
}

OPERATION_GATES: dict[str, Gate] = {
    # session (spec 7)
    "getStatus": PUBLIC,  # answers 401/301 itself without a session; exchanges `payload`
    "signIn": PUBLIC,
    "logout": PUBLIC,
    # trial area (public host; the confirmed sign-up in the session is the credential)
    "trialSignUp": PUBLIC,
    "trialConfirm": PUBLIC,
    "trialPlans": PUBLIC,
    "trialPlanChoose": PUBLIC,
    "trialSetup": PUBLIC,
    "updateAccessControl": ADMIN,
    "clientSettingsGet": ADMIN,  # spec 5.10: time zone, the forms' captcha
    "clientSettingsSave": ADMIN,
    "checkPlanLimit": MEMBER,
    "UpdateCurrentWebsiteID": MEMBER,
    "fetchemailstats": MEMBER,
    # imports
    "importUpload": IMPORTS,
    "importInspection": IMPORTS,  # then its uploader or an admin
    "importList": MEMBER,
    "importStart": IMPORTS,
    "importGet": MEMBER,
    "importErrors": IMPORTS,
    "importErrorsLink": IMPORTS,
    # exports and downloads
    "profileExport": Gate(action_type=ActionType.EXPORT_PROFILES),
    "downloadBase64": MEMBER,  # then the producing job's gate and owner (JOB_KIND_GATES)
    "postDownloadReportMetrics": MEMBER,
    # background jobs
    "jobList": MEMBER,
    "jobGet": MEMBER,
    "jobCancel": MEMBER,  # then its starter or an admin
    # profiles
    "profileList": MEMBER,
    "profileCreate": MEMBER,
    "profileGet": MEMBER,
    "profileBounceList": MEMBER,  # the profile's bounce history (delivery/api.py)
    "profileUpdate": MEMBER,
    "profileBulkAction": Gate(by_choice=PROFILE_BULK_ACTION_TYPES),
    # groups and categories
    "groupCategoryList": MEMBER,
    "groupCategoryCreate": MEMBER,
    "groupCategoryUpdate": MEMBER,
    "groupCategoryDelete": MEMBER,
    "groupList": MEMBER,
    "groupCreate": MEMBER,
    "groupUpdate": MEMBER,
    "groupDelete": MEMBER,
    "formCategory": MEMBER,
    # tags
    "tagList": MEMBER,
    "tagCreate": MEMBER,
    "tagUpdate": MEMBER,
    "tagDelete": MEMBER,
    "formTags": MEMBER,
    # profile fields and reps
    "profileFieldList": MEMBER,
    "profileFieldCreate": PROFILE_FIELDS,
    "profileFieldUpdate": PROFILE_FIELDS,
    "profileFieldDelete": PROFILE_FIELDS,
    "getFields": MEMBER,
    "getRepsList": MEMBER,
    "repSave": MEMBER,
    # suppressed and public domains
    "listDomains": MEMBER,
    "addDomain": DOMAINS,
    "deleteDomain": DOMAINS,
    # email verification
    "runVerification": MEMBER,
    # the audit trail (the Activity screen)
    "activityList": ADMIN,
    "activityPeople": ADMIN,
    "activityExport": ADMIN,
    # segments (issue 10): open to members; an export is a profile export
    "segmentList": MEMBER,
    "segmentRuleOptions": MEMBER,
    "segmentCount": MEMBER,
    "segmentPreview": MEMBER,
    "segmentCreate": MEMBER,
    "segmentGet": MEMBER,
    "segmentUpdate": MEMBER,
    "segmentDelete": MEMBER,
    "segmentExport": Gate(action_type=ActionType.EXPORT_PROFILES),
    # BI segments (spec 2.2): super-admins only, across every client
    "biSegmentList": SUPERADMIN,
    "biSegmentCount": SUPERADMIN,
    "biSegmentCreate": SUPERADMIN,
    "biSegmentGet": SUPERADMIN,
    "biSegmentUpdate": SUPERADMIN,
    "biSegmentDelete": SUPERADMIN,
    # merge tags and RSS feeds (issue 11, marketing/rendering)
    "mergeTagList": MEMBER,
    "getRSSXML": MEMBER,  # fetches through core.outbound (no private addresses)
    # file manager (issue 11, marketing/files)
    "fileFolderList": MEMBER,
    "fileFolderCreate": MEMBER,
    "fileFolderRename": MEMBER,
    "fileFolderDelete": MEMBER,
    "fileList": MEMBER,
    "fileUpload": MEMBER,
    "fileGet": MEMBER,
    "fileRename": MEMBER,
    "fileMove": MEMBER,
    "fileDelete": MEMBER,
    # the opt-out page of a message's unsubscribe link (issue 12, marketing/delivery): the
    # token of the message is the credential, valid on its client's host only
    "optOutGet": PUBLIC,
    "optOutConfirm": PUBLIC,
    # how the client's mail leaves (SMTP relay or its ESP account, with credentials)
    "sendingTransportList": ADMIN,
    "sendingTransportSet": ADMIN,
    "sendingTransportDelete": ADMIN,
    # delivery rates per domain and the bounce/complaint breaker (issue 12)
    "deliveryPaceList": ADMIN,
    "deliveryPaceSet": ADMIN,
    "deliveryPaceDelete": ADMIN,
    "sendingHealthGet": ADMIN,
    "sendingHealthResume": ADMIN,
    # the update-preferences page of a message's preferences link: the same kind of token
    "preferencesGet": PUBLIC,
    "preferencesSave": PUBLIC,
    # the client's update-preferences pages: editing them is an opt-out setting (spec 6)
    "updatePreferencesList": MEMBER,
    "updatePreferencesGet": MEMBER,
    "updatePreferencesUpdate": Gate(action_type=ActionType.OPT_OUTS),
    # template folders, templates, headers and footers (issue 11, marketing/content)
    "getTemplateFolders": MEMBER,
    "templateFolderCreate": MEMBER,
    "renameTemplateFolder": MEMBER,
    "deleteTemplateFolder": MEMBER,
    "templateList": MEMBER,
    "templateCreate": MEMBER,
    "templateGet": MEMBER,
    "templateUpdate": MEMBER,
    "templateDelete": MEMBER,
    "templateDuplicate": MEMBER,
    "templateMove": MEMBER,
    "htmlUpload": MEMBER,
    "generateThumbnail": MEMBER,
    "templateThumbnail": MEMBER,
    "templatePreview": MEMBER,
    "templatePreviewLink": MEMBER,
    "externalPreviewTemplate": PUBLIC,  # a signed, expiring, read-only link
    "campaignHeaderList": MEMBER,
    "campaignHeaderCreate": MEMBER,
    "campaignHeaderGet": MEMBER,
    "campaignHeaderUpdate": MEMBER,
    "campaignHeaderDelete": MEMBER,
    "campaignFooterList": MEMBER,
    "campaignFooterCreate": MEMBER,
    "campaignFooterGet": MEMBER,
    "campaignFooterUpdate": MEMBER,
    "campaignFooterDelete": MEMBER,
    "checkHeaderAssociatedCampaigns": MEMBER,
    "checkFooterAssociatedCampaigns": MEMBER,
    # campaigns (issue 13, marketing/campaigns): open to members; campaign types and the
    # global settings are the client's configuration, changed by admins
    "campaignList": MEMBER,
    "campaignCreate": MEMBER,
    "campaignGet": MEMBER,
    "campaignUpdate": MEMBER,
    "campaignDelete": MEMBER,
    "campaignSend": MEMBER,
    "campaignSendTest": MEMBER,
    "campaignSendSummary": MEMBER,  # what a send will do, before the last click
    "campaignPause": MEMBER,
    "campaignResume": MEMBER,
    # campaign reports (issue 13): a campaign's report and recipient lists are open to
    # members; exporting a list is an export of profiles; the reports across clients are
    # super-admins' (spec 2.2)
    "campaignReport": MEMBER,
    "campaignReportRecipients": MEMBER,
    "campaignReportExport": Gate(action_type=ActionType.EXPORT_PROFILES),
    "performanceReport": SUPERADMIN,
    "recentcampaigns": SUPERADMIN,
    "scheduleSummary": SUPERADMIN,
    "campaignPublish": MEMBER,
    "campaignUnpublish": MEMBER,
    "campaignTypeList": MEMBER,
    "campaignTypeCreate": ADMIN,
    "campaignTypeUpdate": ADMIN,
    "campaignTypeDelete": ADMIN,
    "campaignSettingsGet": MEMBER,
    "campaignSettingsUpdate": ADMIN,
    # the getting-started list of an admin's first screen (what the client has set up)
    "firstSteps": ADMIN,
    # senders, sender domains and the tracking domain (issue 13, marketing/senders): members
    # read them (a campaign picks its sender); senders are changed under the manageSenders
    # access (admins by default), DNS set-up by admins. The activation link's token is the
    # credential of its two public calls (its client's host only, once, expiring).
    "senderList": MEMBER,
    "senderCreate": SENDERS,
    "senderUpdate": SENDERS,
    "senderDelete": SENDERS,
    "senderActivationResend": SENDERS,
    "senderActivationGet": PUBLIC,
    "senderActivationConfirm": PUBLIC,
    "senderDomainList": MEMBER,
    "senderDomainAdd": ADMIN,
    "senderDomainVerify": ADMIN,
    "senderDomainDkimRolloverStart": ADMIN,
    "senderDomainDkimRolloverActivate": ADMIN,
    "senderDomainDelete": ADMIN,
    "trackingDomainGet": MEMBER,
    "trackingDomainSave": ADMIN,
    "trackingDomainDelete": ADMIN,
    # page domains and the pages' storage (issue 27, marketing/page_hosting): members read,
    # admins change
    "pageDomainList": MEMBER,
    "pageDomainAdd": ADMIN,
    "pageDomainVerify": ADMIN,
    "pageDomainDelete": ADMIN,
    "pageStorageGet": MEMBER,
    "pageStorageChoose": ADMIN,
    # summary notifications (issue 25, marketing/workflows/summary): members read the
    # schedules and the digests sent; a schedule mails the client's figures to the addresses
    # it names, so admins set them. The digest's public page: a signed, expiring link.
    "summaryNotificationList": MEMBER,
    "summaryNotificationGet": MEMBER,
    "summaryNotificationCreate": ADMIN,
    "summaryNotificationUpdate": ADMIN,
    "summaryNotificationDelete": ADMIN,
    "summaryNotificationCampaignList": MEMBER,
    "externalSummaryNotificationData": PUBLIC,
    # workflows (issue 25, marketing/workflows): building, publishing and watching them and
    # resuming or terminating enrollments are open to members (like campaigns); the
    # Enrollment Dashboard across clients is super-admins' (spec 2.2)
    "workflowList": MEMBER,
    "workflowCreate": MEMBER,
    "workflowGet": MEMBER,
    "workflowSave": MEMBER,
    "workflowDelete": MEMBER,
    "workflowCheck": MEMBER,
    "workflowPublish": MEMBER,
    "workflowUnpublish": MEMBER,
    "workflowStepDelete": MEMBER,
    "workflowTest": MEMBER,  # the dry run: reads only
    "workflowEnrollmentList": MEMBER,
    "workflowStepCounts": MEMBER,
    "workflowEmailReport": MEMBER,  # /workflowcampaignreport
    "profileWorkflowHistory": MEMBER,
    "enrollmentResume": MEMBER,
    "enrollmentTerminate": MEMBER,
    "workflowAnalytics": MEMBER,
    "enrollmentDashboard": SUPERADMIN,
    # forms (issue 26, marketing/forms): members build and publish them; a locked form is
    # changed by its creator only and only the creator locks it (the services say so);
    # choosing a form's disclaimer needs the disclaimer section's access (the service
    # applies it when the request chooses one)
    "formList": MEMBER,
    "formCreate": MEMBER,
    "formGet": MEMBER,
    "formSave": MEMBER,
    "formDelete": MEMBER,
    "formDuplicate": MEMBER,
    "formPublish": MEMBER,
    "formUnpublish": MEMBER,
    "formLock": MEMBER,
    "formUnlock": MEMBER,
    "formSubmissionList": MEMBER,
    "formFieldList": MEMBER,
    # form reports (issue 26, marketing/forms/api_reports.py): members read them and share
    # a survey's report (a revocable read-only link); exporting submissions (addresses) is
    # an export of profiles
    "formConversions": MEMBER,
    "formSurveyReport": MEMBER,
    "formSurveyAnswers": MEMBER,
    "formSurveyReportShare": MEMBER,
    "formSubmissionExport": Gate(action_type=ActionType.EXPORT_PROFILES),
    "formSubmissionsCopyToCrm": MEMBER,  # assigns a rep, as a member's profile edit does
    "profileFormSubmissions": MEMBER,  # a profile's history: the forms it submitted
    "formEmbed": MEMBER,  # /embeddedTrackingCode
    "formThemeList": MEMBER,
    "formThemeCreate": MEMBER,
    "formThemeGet": MEMBER,
    "formThemeSave": MEMBER,
    "formThemeDelete": MEMBER,
    # disclaimers (/managedisclaimer, spec 2.2: admin): read by whoever may put one on a
    # form, written by admins
    "disclaimerList": DISCLAIMER_SECTION,
    "disclaimerGet": DISCLAIMER_SECTION,
    "disclaimerCreate": ADMIN,
    "disclaimerSave": ADMIN,
    "disclaimerDelete": ADMIN,
    # the builder's and theme editor's preview: the public page's HTML, inert
    "formPreview": MEMBER,
    # opt-out forms (/OptoutForms, spec 2.1, 5.5): read by members, built by whoever has
    # the opt-outs access (spec 6 'enable opt-outs')
    "optOutFormList": MEMBER,
    "optOutFormGet": MEMBER,
    "optOutFormCreate": OPT_OUTS,
    "optOutFormSave": OPT_OUTS,
    "optOutFormDefault": OPT_OUTS,
    "optOutFormDelete": OPT_OUTS,
    # the opt-out page of a message's unsubscribe link, as the default opt-out form builds
    # it: the message's token is the credential, valid on its client's host only
    "optOutPageGet": PUBLIC,
    "optOutPageSubmit": PUBLIC,
    # landing, pop-up and checkout pages (issue 27, marketing/sites): members design,
    # publish and read them
    "landingPageList": MEMBER,
    "landingPageCreate": MEMBER,
    "landingPageGet": MEMBER,
    "landingPageSave": MEMBER,
    "landingPageDelete": MEMBER,
    "landingPageCopy": MEMBER,
    "landingPagePublish": MEMBER,
    "landingPageUnpublish": MEMBER,
    "landingPageVersions": MEMBER,
    "landingPageVersionGet": MEMBER,
    "landingPageRollBack": MEMBER,
    "ppAssociatedLps": MEMBER,
    # commerce (issue 28, marketing/commerce; on only with the client's subscriptionsEnabled
    # flag, spec 1): members build checkout and order forms and read the lists; the
    # catalogue (Stripe products and plans), cancelling and refunding are admins'
    "commerceProductList": MEMBER,
    "commerceProductCreate": ADMIN,
    "commercePlanCreate": ADMIN,
    "checkoutFormList": MEMBER,
    "checkoutFormCreate": MEMBER,
    "checkoutFormGet": MEMBER,
    "checkoutFormSave": MEMBER,
    "checkoutFormDelete": MEMBER,
    "checkoutFormPublish": MEMBER,
    "checkoutFormUnpublish": MEMBER,
    "checkoutFormReplicate": MEMBER,
    "commerceSubscriptionList": MEMBER,
    "commerceSubscriptionCancel": ADMIN,
    "commerceOrderList": MEMBER,
    "commerceOrderRefund": ADMIN,
}
