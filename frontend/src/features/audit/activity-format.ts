import type { Activity, ObjectType } from './api';

/** The object types a person can filter by, in the order the select lists them. */
export const objectTypeLabels: Record<ObjectType, string> = {
  profile: 'Profile',
  group: 'Group',
  groupCategory: 'Group category',
  tag: 'Tag',
  profileField: 'Profile field',
  domain: 'Managed domain',
  rep: 'Rep',
  import: 'Import',
  export: 'Export',
  verification: 'Email verification',
  accessControl: 'Access control',
  session: 'Sign-in',
  job: 'Background job',
  segment: 'Segment',
  templateFolder: 'Template folder',
  template: 'Template',
  campaignHeader: 'Campaign header',
  campaignFooter: 'Campaign footer',
  fileFolder: 'File folder',
  file: 'File',
  campaign: 'Campaign',
  campaignType: 'Campaign type',
  campaignSettings: 'Campaign settings',
  updatePreferences: 'Update preferences',
  sendingTransport: 'Sending transport',
  sender: 'Sender',
  senderDomain: 'Sender domain',
  trackingDomain: 'Tracking domain',
  pageDomain: 'Page domain',
  pageStorage: 'Page storage',
  sendingHealth: 'Sending health',
  deliveryPace: 'Delivery rate',
  workflow: 'Workflow',
  enrollment: 'Workflow enrollment',
  form: 'Form',
  formTheme: 'Form theme',
  disclaimer: 'Disclaimer',
  optOutForm: 'Opt-out form',
};

/** "2026-11-23 09:05": the row's time as the client's time zone reads it (the server gives it with its offset then). */
export function localTime(row: Pick<Activity, 'createdAtLocal'>): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(row.createdAtLocal);
  return match ? `${match[1]} ${match[2]}` : row.createdAtLocal;
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** A short reading of a row's extra details: how many, into which group or tag, which fields, how. */
export function describe(row: Pick<Activity, 'objectType' | 'extra'>): string {
  const extra = row.extra as Record<string, unknown>;
  const parts: string[] = [];
  const number = (key: string) => (typeof extra[key] === 'number' ? (extra[key] as number) : null);
  const text = (key: string) => (typeof extra[key] === 'string' ? (extra[key] as string) : null);
  const count = number('count');
  if (count !== null) parts.push(plural(count, 'profile', 'profiles'));
  if (text('group')) parts.push(`group ${text('group')}`);
  if (text('tag')) parts.push(`tag ${text('tag')}`);
  if (Array.isArray(extra.fields) && extra.fields.length) parts.push(`fields: ${extra.fields.join(', ')}`);
  if (text('method')) parts.push(text('method') === 'sso' ? 'from the suite' : 'with a password');
  if (typeof extra.userAccess === 'boolean') parts.push(extra.userAccess ? 'enabled for users' : 'disabled for users');
  const inserted = number('inserted');
  if (inserted !== null) {
    parts.push(`${plural(inserted, 'added', 'added')}, ${number('updated') ?? 0} updated, ${number('invalid') ?? 0} invalid`);
  } else if (number('rows') !== null) {
    parts.push(plural(number('rows')!, 'row', 'rows'));
  }
  if (text('scope')) parts.push(`${text('scope')} profiles`);
  return parts.join('; ');
}
