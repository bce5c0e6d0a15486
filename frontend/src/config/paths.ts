import type { RoutePath } from './routes';

/**
 * Links and redirects inside the app, built from the route table (bulletproof-react's
 * config/paths.ts): a path that is not a route of the table, or a route without the
 * parameters its pattern names, does not compile.
 */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type Query = Record<string, string | number | boolean | null | undefined>;

type HrefOptions<Path extends string> = ([ParamNames<Path>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<Path>, string | number> }) & { query?: Query };

type HrefArgs<Path extends string> = [ParamNames<Path>] extends [never] ? [options?: HrefOptions<Path>] : [options: HrefOptions<Path>];

/** A route's href: its parameters filled in (encoded), then the query without its empty values. */
export function href<Path extends RoutePath>(path: Path, ...[options]: HrefArgs<Path>): string {
  const params: Record<string, string | number> = options?.params ?? {};
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options?.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/** Why the setup page was opened (spec 2.5), as its query says. */
type SetupReason = 'incomplete' | 'repNotifications' | 'marketingDisabled';

const setupQueries: Record<SetupReason, Query> = {
  incomplete: {},
  repNotifications: { repNotificationDisable: true },
  marketingDisabled: { marketingDisabled: true, repNotificationDisable: true },
};

/** The routes the app itself links to or redirects to. */
export const paths = {
  home: { path: '/campaignListView', href: () => href('/campaignListView') },
  /** Create Campaign's first step: which kind (spec 2.4 /intermediateRoute). */
  campaignKinds: { path: '/intermediateRoute', href: () => href('/intermediateRoute') },
  /** The campaign form: a new campaign of `kind`, or the saved one `id` names. */
  campaignForm: {
    path: '/createcampaign',
    href: (id?: number, kind?: string) => href('/createcampaign', { query: { id, type: id === undefined ? kind : undefined } }),
  },
  login: { path: '/trial/login', href: (next?: string) => href('/trial/login', { query: { next } }) },
  notFound: { path: '/trial/notfound', href: () => href('/trial/notfound') },
  sessionOut: { path: '/sessionout', href: () => href('/sessionout') },
  errorPage: { path: '/errorPage', href: () => href('/errorPage') },
  accessDenied: { path: '/accessDenied', href: () => href('/accessDenied') },
  setup: { path: '/setupPage', href: (reason: SetupReason = 'incomplete') => href('/setupPage', { query: setupQueries[reason] }) },
  backgroundJobs: { path: '/backgroundJobs', href: (jobId?: number) => href('/backgroundJobs', { query: { jobId } }) },
  profiles: { path: '/profilemanagement', href: () => href('/profilemanagement') },
  importSubscribers: { path: '/ImportSummary', href: () => href('/ImportSummary') },
  importUnsubscribers: { path: '/ImportUnsubscribers', href: () => href('/ImportUnsubscribers') },
  /** Senders (beyond spec 2.2's menu: More → Senders): what a campaign's From needs. */
  senders: { path: '/senderList', href: () => href('/senderList') },
  /** The sending domains a sender needs verified (More → Sender Domains). */
  senderDomains: { path: '/emailDomainSetupPage', href: () => href('/emailDomainSetupPage') },
  sendingHealth: { path: '/sendingHealth', href: () => href('/sendingHealth') },
  templates: { path: '/templates', href: () => href('/templates', { query: { isReload: true } }) },
  segmentList: { path: '/segmentList', href: () => href('/segmentList') },
  /** Workflows: the list by tab, the builder (a new workflow, or ?id=N), the dry run, the grid. */
  workflowList: { path: '/WorkflowList', href: (tab?: string) => href('/WorkflowList', { query: { tab } }) },
  workflowBuilder: { path: '/Workflow', href: (id?: number) => href('/Workflow', { query: { id } }) },
  workflowTest: { path: '/WorkflowTest', href: (id?: number) => href('/WorkflowTest', { query: { id } }) },
  workflowAnalytics: { path: '/workflow-analytics', href: () => href('/workflow-analytics') },
  summaryNotifications: { path: '/summaryNotifications', href: () => href('/summaryNotifications') },
  workflowEmailReport: { path: '/workflowcampaignreport', href: (id?: number) => href('/workflowcampaignreport', { query: { id } }) },
  /** The segment builder: a new segment, or the saved one `id` names (/segments?id=N). */
  forms: { path: '/forms', href: () => href('/forms') },
  /** The form builder: a new form of `formType` (spec 2.4: sspForm by default), or the saved one `id` names. */
  formBuilder: {
    path: '/builderForms/:formType',
    href: (formType = 'sspForm', id?: number) => href('/builderForms/:formType', { params: { formType }, query: { id } }),
  },
  segmentBuilder: { path: '/segments', href: (id?: number) => href('/segments', { query: { id } }) },
  /** A form's conversions (spec 2.4: /formConversions/:type/:formId/:checkoutID; no checkout: 0). */
  formConversions: {
    path: '/formConversions/:type/:formId/:checkoutID',
    href: (type = 'sspForm', formId = 0) => href('/formConversions/:type/:formId/:checkoutID', { params: { type, formId, checkoutID: 0 } }),
  },
  /** A form's pop-up over a sample page (spec 2.4: /popupContainer/:formId/:clientId/:websiteId; the client as the form's pages path names it, the sample site 'preview'). */
  popupContainer: {
    path: '/popupContainer/:formId/:clientId/:websiteId',
    href: (formId = 0, clientId = '-', websiteId = 'preview') => href('/popupContainer/:formId/:clientId/:websiteId', { params: { formId, clientId, websiteId } }),
  },
  /** A survey form's answers (/surveyFormReport?formId=N). */
  surveyFormReport: { path: '/surveyFormReport', href: (formId?: number) => href('/surveyFormReport', { query: { formId } }) },
  /** BI Segmentation (spec 2.2's /segmentListbi?type=bi, super-admins). */
  biSegmentList: { path: '/segmentListbi', href: () => href('/segmentListbi', { query: { type: 'bi' } }) },
  /** The BI builder, on the same route: a new BI segment (id=new) or the saved one (id=N). */
  biSegmentBuilder: { path: '/segmentListbi', href: (id?: number) => href('/segmentListbi', { query: { type: 'bi', id: id ?? 'new' } }) },
} as const satisfies Record<string, { path: RoutePath; href: (...args: never[]) => string }>;
