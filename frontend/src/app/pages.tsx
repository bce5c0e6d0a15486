import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteEntry, RoutePath } from '../config/routes';

const TitlePage = lazy(() => import('../components/TitlePage'));

// Routes whose screens exist already; every other route shows its title until its screen is built.
// Keyed by the route table's paths: a misspelt key does not compile, so it cannot silently
// leave its route on the title page.
export const pages: Partial<Record<RoutePath, LazyExoticComponent<ComponentType>>> = {
  '/errorPage': lazy(() => import('../features/access/ErrorPage')),
  '/accessDenied': lazy(() => import('../features/access/AccessDeniedPage')),
  '/setupPage': lazy(() => import('../features/access/SetupPage')),
  '/sessionout': lazy(() => import('../features/auth/SessionOutPage')),
  '/trial/login': lazy(() => import('../features/auth/LoginPage')),
  '/sidemenu': lazy(() => import('./layout/SideMenuPage')),
  '/profilemanagement': lazy(() => import('../features/audience/profiles/ProfilesPage')),
  '/managegroups': lazy(() => import('../features/audience/groups/GroupsPage')),
  '/managetags': lazy(() => import('../features/audience/tags/TagsPage')),
  '/managefields': lazy(() => import('../features/audience/fields/FieldsPage')),
  '/ImportSummary': lazy(() => import('../features/audience/imports/ImportSummaryPage')),
  '/ImportUnsubscribers': lazy(() => import('../features/audience/imports/ImportUnsubscribersPage')),
  '/ImportList': lazy(() => import('../features/audience/imports/SubscriberImportsPage')),
  '/optoutimportsummary': lazy(() => import('../features/audience/imports/UnsubscriberImportsPage')),
  '/profileUpdateDeleteList': lazy(() => import('../features/audience/deleted/DeletedProfilesPage')),
  '/disposabledomains': lazy(() => import('../features/audience/domains/DomainsPage')),
  '/campaignList': lazy(() => import('../features/campaigns/CampaignListPage')),
  '/campaignListView': lazy(() => import('./home/CampaignsHome')),
  '/campaignTypeList': lazy(() => import('../features/campaigns/CampaignTypesPage')),
  '/createcampaign': lazy(() => import('../features/campaigns/CampaignFormPage')),
  '/regularcampaignreport': lazy(() => import('../features/reports/CampaignReportPage')),
  '/emailcampaignreport': lazy(() => import('../features/reports/CampaignReportPage')),
  '/campaignDetails': lazy(() => import('../features/reports/CampaignDetailsPage')),
  '/abtest': lazy(() => import('../features/reports/AbTestListPage')),
  '/abreporttest': lazy(() => import('../features/reports/AbReportPage')),
  '/abinnerreport': lazy(() => import('../features/reports/AbInnerReportPage')),
  '/performanceReport': lazy(() => import('../features/reports/PerformanceReportPage')),
  '/recentcampaigns': lazy(() => import('../features/reports/RecentCampaignsPage')),
  '/scheduleSummary': lazy(() => import('../features/reports/ScheduleSummaryPage')),
  '/intermediateRoute': lazy(() => import('../features/campaigns/CampaignKindsPage')),
  '/segmentList': lazy(() => import('../features/segments/SegmentListPage')),
  '/segments': lazy(() => import('../features/segments/SegmentBuilderPage')),
  '/segmentListbi': lazy(() => import('../features/segments/BiSegmentsPage')),
  '/backgroundJobs': lazy(() => import('../features/jobs/BackgroundJobsPage')),
  '/activity': lazy(() => import('../features/audit/ActivityPage')),
  '/sendingTransports': lazy(() => import('../features/transports/SendingTransportsPage')),
  '/sendingHealth': lazy(() => import('../features/delivery/SendingHealthPage')),
  '/reputationdashboard': lazy(() => import('../features/delivery/ReputationDashboardPage')),
  '/external/useroptoutform': lazy(() => import('../features/opt-out/UserOptOutPage')),
  '/external/thankyoupage': lazy(() => import('../features/opt-out/ThankYouPage')),
  '/external/managepreferences': lazy(() => import('../features/preferences/ManagePreferencesPage')),
  '/managepreferences': lazy(() => import('../features/preferences/ManagePreferencesPage')),
  '/updatePreferences/:upId': lazy(() => import('../features/preferences/UpdatePreferencesPage')),
  '/updatePreferencesList': lazy(() => import('../features/preferences/UpdatePreferencesListPage')),
  '/WorkflowList': lazy(() => import('../features/workflows/WorkflowListPage')),
  '/workflow-analytics': lazy(() => import('../features/workflows/WorkflowAnalyticsPage')),
  '/Workflow': lazy(() => import('../features/workflows/WorkflowBuilderPage')),
  '/WorkflowTest': lazy(() => import('../features/workflows/WorkflowTestPage')),
  '/workflowcampaignreport': lazy(() => import('../features/workflows/WorkflowEmailReportPage')),
  '/fileManager': lazy(() => import('../features/files/FileManagerPage')),
  '/templates': lazy(() => import('../features/templates/TemplatesPage')),
  '/htmlUpload': lazy(() => import('../features/templates/HtmlUploadPage')),
  '/beeeditor': lazy(() => import('../features/templates/designer/DesignerPage')),
  '/plaintexteditor': lazy(() => import('../features/templates/PlainTextEditorPage')),
  '/CampaignFooterSettingsList': lazy(() => import('../features/templates/FooterSettingsListPage')),
  '/CampaignFooterSettings': lazy(() => import('../features/templates/FooterSettingsPage')),
  '/enrollmentDashboard': lazy(() => import('../features/workflow-reports/EnrollmentDashboardPage')),
  '/summaryNotifications': lazy(() => import('../features/summary-notifications/SummaryNotificationsPage')),
  '/summaryNotificationCampaigns': lazy(() => import('../features/summary-notifications/SummaryCampaignsPage')),
  '/external/summaryNotificationData': lazy(() => import('../features/summary-notifications/SummaryDataPage')),
  '/external/previewTemplate': lazy(() => import('../features/templates/ExternalPreviewPage')),
  '/senderList': lazy(() => import('../features/senders/SenderListPage')),
  '/emailDomainSetupPage': lazy(() => import('../features/senders/DomainSetupPage')),
  '/external/verifySender': lazy(() => import('../features/senders/VerifySenderPage')),
};

export function RoutePage({ route }: { route: RouteEntry }) {
  const Page = pages[route.path];
  return Page ? <Page /> : <TitlePage title={route.title} />;
}
