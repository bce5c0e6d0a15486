import { appRoutes, findRoute, fullPageRoutes, isSessionExemptPath, layoutRoutes, needsStatus, publicRoutes, trialRoutes } from './routes';

// Spec 2.4 as written: "*" marks rep-notifications-only routes, "(grid)" the wide grid layout.
const specLayout =
  '/forms; /builderForms/:formType; /formConversions/:type/:formId/:checkoutID; /OptoutForms; /createcampaign*; /intermediateRoute*; /managegroups; /templates; /campaignList*; /campaignListView* (grid); /performanceReport* (grid); /segmentList; /segmentListbi; /jobdashboard; /campaignTypeList; /ImportList; /profilemanagement; /ImportSummary; /ImportUnsubscribers; /htmlUpload; /optoutimportsummary; /abtest; /abreporttest; /abinnerreport; /workflowcampaignreport*; /WorkflowTest; /WorkflowList*; /landingpages; /AILandingPages; /webhookList; /managetags; /reputationdashboard; /dataUsageReport; /managedisclaimer; /clientsreputationsummary; /recentcampaigns; /managefields; /disposabledomains; /createcf-order; /createcf-orderForm; /createcf; /checkoutForms; /checkoutForms-order; /checkoutForms-orderform; /checkoutpages; /domain-stats; /users-list; /cyl-dashboard; /regularcampaignreport; /profileUpdateDeleteList; /fileManager; /backgroundJobs; /CampaignFooterSettingsList; /subscriptionDashboard; /scheduleSummary; /text-to-sql; /spamTraps; /enrollmentDashboard; /ordersDashboard; /websitetags-subtags-mapping; /genericDashboard; /conversion-report (grid); /workflow-analytics (grid)';
const specFullPage =
  '/embeddedForm/:formId/:selectedForm; /surveyFormReport; /checkoutpage; /popupContainer/:formId/:clientId/:websiteId; /OptoutForm/:formId; /updatePreferences/:upId; /updatePreferencesList; /useroptoutform; /thankyoupage; /userthankspage; /managepreferences; /updatePrefPreview; /segments; /campaignDetails*; /groupsmapping; /dashboard; /sidemenu; /senderList; /interactions; /setupPage; /beeeditor; /plaintexteditor; /createlp; /lpTemplateList; /webhookconfig; /postWebhookConfig; /mkmdashboard; /Workflow*; /emailcampaignreport*; /checkoutTemplatesList; /CampaignFooterSettings; /summaryNotifications; /summaryNotificationCampaigns; /OpenBeeEditorPreviewMode*; /OpenBeeEditorAddNewCampaignMode*; /OpenBeeEditorEditMode*';
const specPublic =
  '/external/previewTemplate; /external/useroptoutform; /external/thankyoupage; /external/dynamicformreport; /external/pollingstatsreport; /external/mkmpollcampaign; /external/managepreferences; /external/userthankspage; /external/summaryNotificationData; /sessionout; /errorPage; /esauth; /accessDenied; /toolSetup; /embeddedTrackingCode; /lpDomainSetupPage; /emailDomainSetupPage';
const specTrial =
  '/getstarted, /signup, /subscriptionplans, /setup, /notfound, /login, /password, /activationsuccess, /resetpassword, /requestaccess, /forgotpassword, /companydetails';

interface SpecEntry {
  path: string;
  repOnly: boolean;
  grid: boolean;
}

function parse(list: string): SpecEntry[] {
  return list.split('; ').map((raw) => ({
    path: raw.replace(' (grid)', '').replace('*', ''),
    repOnly: raw.includes('*'),
    grid: raw.includes('(grid)'),
  }));
}

const paths = (routes: { path: string }[]) => routes.map((route) => route.path);

// Deliberate departures from the letter of spec 2.4, each explained in routes.ts.
const repOnlyExceptions = new Set(['/workflow-analytics', '/setupPage']);
// Screens the product added after spec 2.4, each with its flags.
const additions = {
  '/activity': { layout: true, repOnly: false, mkm: true, grid: false },
  '/sendingTransports': { layout: true, repOnly: false, mkm: true, grid: false },
  '/sendingHealth': { layout: true, repOnly: false, mkm: true, grid: false },
  '/clientSettings': { layout: true, repOnly: false, mkm: true, grid: false },
  '/external/verifySender': { layout: false, repOnly: true, mkm: false, grid: false },
};
const specOnly = (routes: { path: string }[]) => routes.filter((route) => !(route.path in additions));

test('the table holds exactly the routes of spec 2.4, each once', () => {
  expect(paths(specOnly(layoutRoutes))).toEqual(paths(parse(specLayout)));
  expect(paths(fullPageRoutes).sort()).toEqual(paths(parse(specFullPage)).sort());
  expect(paths(specOnly(publicRoutes))).toEqual(paths(parse(specPublic)));
  expect(paths(trialRoutes)).toEqual(specTrial.split(', ').map((path) => `/trial${path}`));
  expect(appRoutes).toHaveLength(63 + 36 + 17 + 12 + Object.keys(additions).length);
  expect(new Set(paths(appRoutes)).size).toBe(appRoutes.length);
});

test('routes beyond the spec carry their flags', () => {
  for (const [path, flags] of Object.entries(additions)) expect(findRoute(path), path).toMatchObject(flags);
});

test('layout pages carry the spec flags', () => {
  for (const entry of parse(specLayout)) {
    const route = layoutRoutes.find((candidate) => candidate.path === entry.path)!;
    expect(route, entry.path).toMatchObject({ layout: true, mkm: true, grid: entry.grid });
    if (!repOnlyExceptions.has(entry.path)) expect(route.repOnly, entry.path).toBe(entry.repOnly);
  }
});

test('full-page routes need marketing access and have no layout', () => {
  for (const entry of parse(specFullPage)) {
    if (repOnlyExceptions.has(entry.path)) continue;
    const route = fullPageRoutes.find((candidate) => candidate.path === entry.path)!;
    expect(route, entry.path).toMatchObject({ layout: false, mkm: true, grid: false, repOnly: entry.repOnly });
  }
});

test('public and trial routes need no marketing access and are never rep-redirected', () => {
  for (const route of [...publicRoutes, ...trialRoutes]) {
    expect(route, route.path).toMatchObject({ layout: false, mkm: false, grid: false, repOnly: true });
    expect(needsStatus(route)).toBe(false);
  }
});

test('exact entries', () => {
  expect(findRoute('/campaignListView')).toEqual({
    path: '/campaignListView',
    title: 'Campaigns',
    layout: true,
    repOnly: true,
    mkm: true,
    grid: true,
  });
  expect(findRoute('/conversion-report')).toMatchObject({ layout: true, repOnly: false, mkm: true, grid: true });
  expect(findRoute('/Workflow')).toMatchObject({ layout: false, repOnly: true, mkm: true, grid: false });
  expect(findRoute('/profilemanagement')).toMatchObject({ title: 'Profiles', layout: true, repOnly: false });
  expect(findRoute('/workflow-analytics')).toMatchObject({ title: 'Workflows', repOnly: true, grid: true });
  expect(findRoute('/setupPage')).toMatchObject({ layout: false, mkm: false, repOnly: true });
  expect(needsStatus(findRoute('/campaignListView')!)).toBe(true);
  expect(needsStatus(findRoute('/setupPage')!)).toBe(true);
});

test('route matching fills parameters and ignores case, as links from outside the app may', () => {
  expect(findRoute('/builderForms/sspForm')?.path).toBe('/builderForms/:formType');
  expect(findRoute('/OptoutForm/12')?.path).toBe('/OptoutForm/:formId');
  expect(findRoute('/webhooklist')?.path).toBe('/webhookList');
  expect(findRoute('/spamtraps')?.path).toBe('/spamTraps');
  expect(findRoute('/no-such-page')).toBeUndefined();
});

test('recipient pages are exempt from the session-expired redirect', () => {
  for (const path of [
    '/external/thankyoupage',
    '/OptoutForm/5',
    '/useroptoutform',
    '/thankyoupage',
    '/userthankspage',
    '/managepreferences',
    '/updatePreferences/9',
    '/embeddedForm/1/2',
    '/checkoutpage',
    '/surveyFormReport',
  ]) {
    expect(isSessionExemptPath(path), path).toBe(true);
  }
  expect(isSessionExemptPath('/checkoutpages')).toBe(false);
  expect(isSessionExemptPath('/campaignListView')).toBe(false);
});
