import { mainMenu, moreLabel, moreMenu, type MenuItem } from './menu';
import { appRoutes } from './routes';

test('main menu labels, order and routes follow spec 2.1', () => {
  expect(mainMenu.map((item) => [item.label, item.to])).toEqual([
    ['Campaigns', '/campaignListView'],
    ['Segmentation', '/segmentList'],
    ['Templates', '/templates?isReload=true'],
    ['Forms', '/forms'],
    ['Opt-out Forms', '/OptoutForms'],
    ['Profiles', '/profilemanagement'],
    ['Workflows', '/workflow-analytics'],
    ['Landing Pages', '/landingpages'],
  ]);
  expect(moreLabel).toBe('More');
  expect(mainMenu.filter((item) => item.repUsable).map((item) => item.label)).toEqual(['Campaigns', 'Workflows']);
});

test('More submenu labels, order, routes and restrictions follow spec 2.2', () => {
  expect(moreMenu.map((item) => [item.label, item.to ?? null, item.restriction ?? null, Boolean(item.subscriptions)])).toEqual([
    ['Import Subscribers', '/ImportSummary', null, false],
    ['Import Unsubscribers', '/optoutimportsummary', null, false],
    ['Email Verification Stats', null, null, false],
    ['BI Segmentation', '/segmentListbi?type=bi', 'superAdmin', false],
    ['Groups', '/managegroups', null, false],
    ['Webhook Setup', '/webhookList', null, false],
    ['Tags', '/managetags', null, false],
    ['Reputation Dashboard', '/reputationdashboard', null, false],
    ['Spam Traps Dashboard', '/spamTraps', 'admin', false],
    ['Disclaimers', '/managedisclaimer', 'admin', false],
    ['Clients Reputation Summary', '/clientsreputationsummary', 'superAdmin', false],
    ['Email DashBoard', '/recentcampaigns', 'superAdmin', false],
    ['Scheduler Summary', '/scheduleSummary', 'superAdmin', false],
    ['Profile Fields', '/managefields', null, false],
    ['Manage Domains', '/disposabledomains', null, false],
    ['Senders', '/senderList', null, false],
    ['Sender Domains', '/emailDomainSetupPage', null, false],
    ['CYL Dashboard', '/cyl-dashboard', 'superAdmin', false],
    ['CYL Users', '/users-list', 'superAdmin', false],
    ['CYL Domains', '/domain-stats', 'superAdmin', false],
    ['Deleted/Archived Profiles', '/profileUpdateDeleteList', null, false],
    ['File Manager', '/fileManager', null, false],
    ['Background Jobs', '/backgroundJobs', null, false],
    ['Activity', '/activity', 'admin', false],
    ['Sending Transports', '/sendingTransports', 'admin', false],
    ['Sending Health', '/sendingHealth', 'admin', false],
    ['Client Settings', '/clientSettings', 'admin', false],
    ['Enrollment Dashboard', '/enrollmentDashboard', 'superAdmin', false],
    ['Website Tags & Subtags Mapping', '/websitetags-subtags-mapping', 'superAdmin', false],
    ['MKM NLP', '/text-to-sql', 'superAdmin', false],
    ['Campaign Performance Report', '/performanceReport', 'superAdmin', false],
    ['Checkout Forms', '/checkoutForms', null, true],
    ['Checkout Pages', '/checkoutpages?cp=true', null, true],
    ['Checkout Templates', '/checkoutTemplatesList', null, true],
    ['Subscription Dashboard', '/subscriptionDashboard', 'superAdmin', true],
    ['Orders Dashboard', '/ordersDashboard', 'superAdmin', true],
    ['Generic Dashboard', '/genericDashboard', 'superAdmin', true],
  ]);
  expect(moreMenu.find((item) => item.label === 'Email Verification Stats')?.popup).toBe('emailStats');
});

test('every entry links a route of the table, spelt exactly as the table spells it', () => {
  const table = new Set<string>(appRoutes.map((route) => route.path));
  for (const item of [...mainMenu, ...moreMenu]) {
    if (item.to) expect(table.has(item.to.split('?')[0]), item.to).toBe(true);
  }
});

// Checked by `npm run typecheck`: an entry whose path the route table does not have does not compile.
export const misspelt: MenuItem[] = [
  // @ts-expect-error the route table has /webhookList
  { key: 'webhooklist', label: 'Webhook Setup', to: '/webhooklist' },
  // @ts-expect-error a query does not make an unknown path a route
  { key: 'templates', label: 'Templates', to: '/template?isReload=true' },
];
