import type { RoutePath } from './routes';

/**
 * The side menu (spec 2.1) and its More submenu (spec 2.2), in the spec's order and wording.
 * `to` keeps the query the spec gives; entries without one open a popup instead.
 */

/**
 * A route of the table, spelt as the table spells it, with an optional query: a link the
 * table does not have (the menu once linked /webhooklist for /webhookList) does not compile.
 */
export type MenuTarget = RoutePath | `${RoutePath}?${string}`;

export type MenuRestriction = 'admin' | 'superAdmin';

export interface MenuItem {
  key: string;
  label: string;
  to?: MenuTarget;
  popup?: 'emailStats';
  restriction?: MenuRestriction;
  /** Shown only when the status says subscriptions are enabled. */
  subscriptions?: boolean;
  /** Usable in rep-notifications-only mode (spec 2.3: Campaigns and Workflows only). */
  repUsable?: boolean;
}

export const mainMenu: MenuItem[] = [
  { key: 'campaignListView', label: 'Campaigns', to: '/campaignListView', repUsable: true },
  { key: 'segmentList', label: 'Segmentation', to: '/segmentList' },
  { key: 'templates', label: 'Templates', to: '/templates?isReload=true' },
  { key: 'forms', label: 'Forms', to: '/forms' },
  { key: 'OptoutForms', label: 'Opt-out Forms', to: '/OptoutForms' },
  { key: 'profilemanagement', label: 'Profiles', to: '/profilemanagement' },
  { key: 'workflow-analytics', label: 'Workflows', to: '/workflow-analytics', repUsable: true },
  { key: 'landingpages', label: 'Landing Pages', to: '/landingpages' },
];

export const moreLabel = 'More';

const superAdmin: MenuRestriction = 'superAdmin';

export const moreMenu: MenuItem[] = [
  { key: 'ImportSummary', label: 'Import Subscribers', to: '/ImportSummary' },
  { key: 'optoutimportsummary', label: 'Import Unsubscribers', to: '/optoutimportsummary' },
  { key: 'emailStats', label: 'Email Verification Stats', popup: 'emailStats' },
  { key: 'segmentListbi', label: 'BI Segmentation', to: '/segmentListbi?type=bi', restriction: superAdmin },
  { key: 'managegroups', label: 'Groups', to: '/managegroups' },
  { key: 'webhooklist', label: 'Webhook Setup', to: '/webhookList' },
  { key: 'managetags', label: 'Tags', to: '/managetags' },
  { key: 'reputationdashboard', label: 'Reputation Dashboard', to: '/reputationdashboard' },
  { key: 'spamtraps', label: 'Spam Traps Dashboard', to: '/spamTraps', restriction: 'admin' },
  { key: 'managedisclaimer', label: 'Disclaimers', to: '/managedisclaimer', restriction: 'admin' },
  { key: 'clientsreputationsummary', label: 'Clients Reputation Summary', to: '/clientsreputationsummary', restriction: superAdmin },
  { key: 'recentcampaigns', label: 'Email DashBoard', to: '/recentcampaigns', restriction: superAdmin },
  { key: 'scheduleSummary', label: 'Scheduler Summary', to: '/scheduleSummary', restriction: superAdmin },
  { key: 'managefields', label: 'Profile Fields', to: '/managefields' },
  { key: 'disposabledomains', label: 'Manage Domains', to: '/disposabledomains' },
  // Beyond spec 2.2: the addresses campaigns are sent from and the domains they send from
  // (spec 4's sender verification and domains), beside Manage Domains, which is spec 2.2's
  // suppressed and public domains and stays so.
  { key: 'senderList', label: 'Senders', to: '/senderList' },
  { key: 'emailDomainSetupPage', label: 'Sender Domains', to: '/emailDomainSetupPage' },
  { key: 'cyl-dashboard', label: 'CYL Dashboard', to: '/cyl-dashboard', restriction: superAdmin },
  { key: 'users-list', label: 'CYL Users', to: '/users-list', restriction: superAdmin },
  { key: 'domain-stats', label: 'CYL Domains', to: '/domain-stats', restriction: superAdmin },
  { key: 'profileUpdateDeleteList', label: 'Deleted/Archived Profiles', to: '/profileUpdateDeleteList' },
  { key: 'fileManager', label: 'File Manager', to: '/fileManager' },
  { key: 'backgroundJobs', label: 'Background Jobs', to: '/backgroundJobs' },
  // Beyond spec 2.2: the audit trail, for admins.
  { key: 'activity', label: 'Activity', to: '/activity', restriction: 'admin' },
  // Beyond spec 2.2: the sending transport per sender domain, for admins.
  { key: 'sendingTransports', label: 'Sending Transports', to: '/sendingTransports', restriction: 'admin' },
  // Beyond spec 2.2: the breaker and delivery rates, for admins.
  { key: 'sendingHealth', label: 'Sending Health', to: '/sendingHealth', restriction: 'admin' },
  // Beyond spec 2.2: spec 5.10's client settings (time zone, reCAPTCHA keys), for admins.
  { key: 'clientSettings', label: 'Client Settings', to: '/clientSettings', restriction: 'admin' },
  { key: 'enrollmentDashboard', label: 'Enrollment Dashboard', to: '/enrollmentDashboard', restriction: superAdmin },
  { key: 'websitetags-subtags-mapping', label: 'Website Tags & Subtags Mapping', to: '/websitetags-subtags-mapping', restriction: superAdmin },
  { key: 'text-to-sql', label: 'MKM NLP', to: '/text-to-sql', restriction: superAdmin },
  { key: 'performanceReport', label: 'Campaign Performance Report', to: '/performanceReport', restriction: superAdmin },
  { key: 'checkoutForms', label: 'Checkout Forms', to: '/checkoutForms', subscriptions: true },
  { key: 'checkoutpages', label: 'Checkout Pages', to: '/checkoutpages?cp=true', subscriptions: true },
  { key: 'checkoutTemplatesList', label: 'Checkout Templates', to: '/checkoutTemplatesList', subscriptions: true },
  { key: 'subscriptionDashboard', label: 'Subscription Dashboard', to: '/subscriptionDashboard', restriction: superAdmin, subscriptions: true },
  { key: 'ordersDashboard', label: 'Orders Dashboard', to: '/ordersDashboard', restriction: superAdmin, subscriptions: true },
  { key: 'genericDashboard', label: 'Generic Dashboard', to: '/genericDashboard', restriction: superAdmin, subscriptions: true },
];
