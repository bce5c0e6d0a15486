import type { QueryOf, ResponseOf } from '../api/types';

/**
 * Every status badge of the app: its colour and label (UI.md). A status the map does not
 * know (the back end added one) shows its own text in grey until it is added here.
 */
export interface StatusLook {
  color: 'gray' | 'blue' | 'violet' | 'green' | 'orange' | 'red' | 'yellow';
  label: string;
}

type VerificationStatus = NonNullable<QueryOf<'/api/mm/profiles', 'get'>['verification']>;
type SenderStatus = ResponseOf<'/api/mm/senders', 'get'>['items'][number]['status'];
type SenderDomainRow = ResponseOf<'/api/mm/sender-domains', 'get'>['items'][number];

const campaign = {
  Draft: { color: 'gray', label: 'Draft' },
  Scheduled: { color: 'blue', label: 'Scheduled' },
  Sending: { color: 'violet', label: 'Sending' },
  Sent: { color: 'green', label: 'Sent' },
  Paused: { color: 'orange', label: 'Paused' },
  Failed: { color: 'red', label: 'Failed' },
  Published: { color: 'green', label: 'Published' },
  Unpublished: { color: 'gray', label: 'Unpublished' },
} satisfies Record<string, StatusLook>;

/** Background jobs, and the imports that run as one. */
const job = {
  Pending: { color: 'yellow', label: 'Pending' },
  InProcess: { color: 'blue', label: 'In process' },
  Completed: { color: 'green', label: 'Completed' },
  Failed: { color: 'red', label: 'Failed' },
  Cancelled: { color: 'gray', label: 'Cancelled' },
} satisfies Record<string, StatusLook>;

/** A profile's e-mail verification: the schema's list, so a new one fails the type check. */
const verification = {
  Valid: { color: 'green', label: 'Valid' },
  Invalid: { color: 'red', label: 'Invalid' },
  Unknown: { color: 'gray', label: 'Unknown' },
  Pending: { color: 'yellow', label: 'Pending' },
} satisfies Record<VerificationStatus, StatusLook>;

/** A segment's type: a dynamic one is always current, a static one a frozen snapshot. */
const segmentType = {
  dynamic: { color: 'blue', label: 'Dynamic' },
  static: { color: 'gray', label: 'Static' },
} satisfies Record<string, StatusLook>;

/** A sender (/senderList): confirmed by its activation mail, and its domain's state. */
const sender = {
  verified: { color: 'green', label: 'Verified' },
  pendingActivation: { color: 'yellow', label: 'Pending verification' },
  domainNotWhitelisted: { color: 'orange', label: 'Domain not whitelisted' },
  domainNotVerified: { color: 'orange', label: 'Domain not verified' },
  disabled: { color: 'gray', label: 'Disabled' },
} satisfies Record<SenderStatus, StatusLook>;

/** A sender domain, and each of its DNS records at the last check. */
const senderDomain = {
  pending: { color: 'yellow', label: 'Not verified yet' },
  verified: { color: 'green', label: 'Verified' },
  failed: { color: 'red', label: 'Failed' },
} satisfies Record<SenderDomainRow['status'], StatusLook>;

const dnsRecord = {
  verified: { color: 'green', label: 'Found' },
  missing: { color: 'red', label: 'Missing' },
  invalid: { color: 'red', label: 'Wrong value' },
  failed: { color: 'orange', label: 'Lookup failed' },
  unchecked: { color: 'gray', label: 'Not checked' },
} satisfies Record<SenderDomainRow['records'][number]['status'], StatusLook>;

/** A campaign's resend (spec 4's delivery status codes; 0, not scheduled, shows no badge). */
const resend = {
  '0': { color: 'gray', label: 'Resend not scheduled' },
  '1': { color: 'blue', label: 'Resend scheduled' },
  '2': { color: 'green', label: 'Resend delivered' },
  '3': { color: 'red', label: 'Resend failed' },
} satisfies Record<string, StatusLook>;

/** The client's sending (the breaker): on, or stopped by too many bounces or complaints. */
const sendingHealth = {
  ok: { color: 'green', label: 'OK' },
  stopped: { color: 'red', label: 'Stopped' },
} satisfies Record<string, StatusLook>;

/** A workflow (spec 3's statuses). */
const workflow = {
  Draft: { color: 'gray', label: 'Draft' },
  Published: { color: 'green', label: 'Published' },
  Unpublished: { color: 'orange', label: 'Unpublished' },
  Scheduled: { color: 'blue', label: 'Scheduled' },
  Failed: { color: 'red', label: 'Failed' },
  Delete: { color: 'red', label: 'Deleted' },
} satisfies Record<string, StatusLook>;

/** A profile's enrollment in a workflow (spec 3's history statuses). */
const enrollment = {
  InProcess: { color: 'blue', label: 'In process' },
  Completed: { color: 'green', label: 'Completed' },
  Dropped: { color: 'gray', label: 'Dropped' },
  Terminated: { color: 'orange', label: 'Terminated' },
  Failed: { color: 'red', label: 'Failed' },
} satisfies Record<string, StatusLook>;

/** A form (marketing/forms FormStatus): a draft, live at its public page, or taken down. */
const form = {
  Draft: { color: 'gray', label: 'Draft' },
  Published: { color: 'green', label: 'Published' },
  Unpublished: { color: 'orange', label: 'Unpublished' },
} satisfies Record<string, StatusLook>;

/** A checkout or order form (spec 3's checkout form statuses; Delete never shows: it leaves the list). */
const checkoutForm = {
  Draft: { color: 'gray', label: 'Draft' },
  Published: { color: 'green', label: 'Published' },
  Unpublished: { color: 'orange', label: 'Unpublished' },
  Replicated: { color: 'blue', label: 'Replicated' },
  Delete: { color: 'red', label: 'Deleted' },
} satisfies Record<string, StatusLook>;

/** A subscription or an order as Stripe has it (marketing/commerce). */
const payment = {
  active: { color: 'green', label: 'Active' },
  trialing: { color: 'blue', label: 'Trial' },
  past_due: { color: 'orange', label: 'Past due' },
  unpaid: { color: 'red', label: 'Unpaid' },
  canceled: { color: 'gray', label: 'Cancelled' },
  incomplete: { color: 'yellow', label: 'Incomplete' },
  succeeded: { color: 'green', label: 'Paid' },
  refunded: { color: 'gray', label: 'Refunded' },
} satisfies Record<string, StatusLook>;

export const statusLooks = { form, checkoutForm, payment, workflow, enrollment, campaign, job, verification, segmentType, sender, senderDomain, dnsRecord, resend, sendingHealth } as const;

export type StatusFamily = keyof typeof statusLooks;

export function statusLook(family: StatusFamily, status: string): StatusLook {
  const looks: Record<string, StatusLook> = statusLooks[family];
  return Object.hasOwn(looks, status) ? looks[status] : { color: 'gray', label: status };
}
