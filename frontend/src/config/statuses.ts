import type { QueryOf } from '../api/types';

/**
 * Every status badge of the app: its colour and label (UI.md). A status the map does not
 * know (the back end added one) shows its own text in grey until it is added here.
 */
export interface StatusLook {
  color: 'gray' | 'blue' | 'violet' | 'green' | 'orange' | 'red' | 'yellow';
  label: string;
}

type VerificationStatus = NonNullable<QueryOf<'/api/mm/profiles', 'get'>['verification']>;

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

export const statusLooks = { campaign, job, verification, segmentType } as const;

export type StatusFamily = keyof typeof statusLooks;

export function statusLook(family: StatusFamily, status: string): StatusLook {
  const looks: Record<string, StatusLook> = statusLooks[family];
  return Object.hasOwn(looks, status) ? looks[status] : { color: 'gray', label: status };
}
