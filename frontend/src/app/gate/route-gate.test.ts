import { findRoute } from '../../config/routes';
import { emptySession } from '../../lib/session';
import { makeSession } from '../../test-utils/session';
import { gateRedirect } from './route-gate';

const route = (path: string) => findRoute(path)!;

test('pages without a session are not gated', () => {
  expect(gateRedirect(route('/forms'), '', emptySession)).toBeNull();
});

test('rep-notifications-only mode redirects every route not flagged for it', () => {
  const session = makeSession({ repNotificationsOnly: true });
  expect(gateRedirect(route('/forms'), '', session)).toBe('/setupPage?repNotificationDisable=true');
  expect(gateRedirect(route('/dashboard'), '', session)).toBe('/setupPage?repNotificationDisable=true');
  expect(gateRedirect(route('/campaignListView'), '', session)).toBeNull();
  expect(gateRedirect(route('/Workflow'), '', session)).toBeNull();
  expect(gateRedirect(route('/setupPage'), '?repNotificationDisable=true', session)).toBeNull();
  expect(gateRedirect(route('/accessDenied'), '', session)).toBeNull();
});

test('rep-notifications-only mode keeps the workflow screens flagged "*" and the Workflows entry open', () => {
  const session = makeSession({ repNotificationsOnly: true });
  for (const open of ['/WorkflowList', '/Workflow', '/workflowcampaignreport', '/workflow-analytics', '/createcampaign', '/external/summaryNotificationData']) {
    expect(gateRedirect(route(open), '', session)).toBeNull();
  }
  // Not flagged in spec 2.4: summary notifications, the workflow test, the enrollment dashboard.
  for (const closed of ['/summaryNotifications', '/summaryNotificationCampaigns', '/WorkflowTest', '/enrollmentDashboard']) {
    expect(gateRedirect(route(closed), '', session)).toBe('/setupPage?repNotificationDisable=true');
  }
});

test('without marketing access gated routes go to /accessDenied', () => {
  const session = makeSession({}, { userHasMKMAccess: false });
  expect(gateRedirect(route('/forms'), '', session)).toBe('/accessDenied');
  expect(gateRedirect(route('/dashboard'), '', session)).toBe('/accessDenied');
  expect(gateRedirect(route('/accessDenied'), '', session)).toBeNull();
  expect(gateRedirect(route('/trial/login'), '', session)).toBeNull();
});

test('source=mm with a campaignId bypasses access on non-layout pages only', () => {
  const session = makeSession({}, { userHasMKMAccess: false });
  expect(gateRedirect(route('/emailcampaignreport'), '?source=mm&campaignId=7', session)).toBeNull();
  expect(gateRedirect(route('/emailcampaignreport'), '?source=mm', session)).toBe('/accessDenied');
  expect(gateRedirect(route('/emailcampaignreport'), '?source=crm&campaignId=7', session)).toBe('/accessDenied');
  expect(gateRedirect(route('/campaignListView'), '?source=mm&campaignId=7', session)).toBe('/accessDenied');
});

test('ESFE=0 or MKMUA=0 on layout pages goes to /setupPage with the marketing-disabled flags', () => {
  const session = makeSession();
  const target = '/setupPage?marketingDisabled=true&repNotificationDisable=true';
  expect(gateRedirect(route('/forms'), '?ESFE=0', session)).toBe(target);
  expect(gateRedirect(route('/forms'), '?MKMUA=0', session)).toBe(target);
  expect(gateRedirect(route('/forms'), '?ESFE=1&MKMUA=1', session)).toBeNull();
  expect(gateRedirect(route('/dashboard'), '?ESFE=0', session)).toBeNull();
});

test('an incomplete setup sends every marketing route to the setup page', () => {
  const session = makeSession({ navigate: 'showSetup' });
  expect(gateRedirect(route('/forms'), '', session)).toBe('/setupPage');
  expect(gateRedirect(route('/dashboard'), '', session)).toBe('/setupPage');
  expect(gateRedirect(route('/setupPage'), '', session)).toBeNull();
  expect(gateRedirect(route('/errorPage'), '', session)).toBeNull();
});
