import type { TransportKind } from './api';

// What the sending transports screen says. Refusals come from the API
// (marketing/delivery/messages.py) and are shown on their fields.
export const transportMessages = {
  title: 'Sending Transports',
  intro: 'How your mail leaves: the platform’s SMTP relay, or your own Mailgun, Postmark or Amazon SES account, per sender domain.',
  add: 'Add transport',
  editTitle: 'Edit transport',
  addTitle: 'Add transport',
  senderDomain: 'Sender domain',
  senderDomainHint: 'Leave empty for the default: every sender domain without a transport of its own.',
  senderDomainPlaceholder: 'example.com',
  defaultDomain: 'Default (every other domain)',
  kind: 'Transport',
  credentials: 'Credentials',
  storedCredentials: (names: string[]) => (names.length ? `Stored: ${names.join(', ')}` : 'None needed'),
  credentialsAgain: 'Saved credentials are never shown again. Enter them again to save this transport.',
  webhook: 'Webhook URL',
  updated: 'Updated',
  actions: 'Actions',
  rowActions: (what: string) => `Actions for ${what}`,
  edit: 'Edit',
  delete: 'Delete',
  saved: 'Sending transport saved.',
  deleteTitle: 'Delete transport',
  deleteConfirm: (what: string) => `Delete the transport of ${what}? Its mail goes out through the default transport, or the platform’s SMTP relay.`,
  deleted: 'Sending transport deleted.',
  empty: 'All your mail goes out through the platform’s SMTP relay.',
  emptyHint: 'Add a transport to send through your own Mailgun, Postmark or Amazon SES account.',
  search: 'Search sender domains',
  noMatches: 'No transport matches your search',
  noMatchesHint: 'Try another part of the domain, or clear the search.',
  webhookTitle: 'Connect the webhook',
  webhookIntro: (esp: string) =>
    `Give ${esp} this webhook URL for its delivery, bounce, complaint and unsubscribe events. The password is shown only now; keep it somewhere safe.`,
  webhookUrl: 'Webhook URL with password',
  webhookUser: 'User name',
  webhookPassword: 'Password',
  copy: (what: string) => `Copy ${what}`,
  copied: 'Copied',
  done: 'Done',
  optional: 'optional',
};

export const kindLabels: Record<TransportKind, string> = {
  smtp: 'SMTP relay',
  mailgun: 'Mailgun',
  postmark: 'Postmark',
  amazonSes: 'Amazon SES',
};

export interface CredentialField {
  name: string;
  label: string;
  required: boolean;
  secret: boolean;
  /** A choice among these values instead of free text. */
  options?: { value: string; label: string }[];
  description?: string;
}

/** The credentials each ESP takes (marketing/delivery/esp.py: fields and optional). */
export const credentialFields: Record<TransportKind, CredentialField[]> = {
  smtp: [],
  mailgun: [
    { name: 'apiKey', label: 'API key', required: true, secret: true },
    {
      name: 'webhookSigningKey',
      label: 'Webhook signing key',
      required: false,
      secret: true,
      description: 'Lets us check that webhook calls come from Mailgun.',
    },
    {
      name: 'region',
      label: 'Region',
      required: false,
      secret: false,
      options: [
        { value: 'us', label: 'US' },
        { value: 'eu', label: 'EU' },
      ],
    },
  ],
  postmark: [
    { name: 'serverToken', label: 'Server API token', required: true, secret: true },
    {
      name: 'broadcastStream',
      label: 'Broadcast message stream',
      required: false,
      secret: false,
      description: 'The stream bulk mail goes on (Postmark’s default: broadcast).',
    },
  ],
  amazonSes: [
    { name: 'accessKeyId', label: 'Access key ID', required: true, secret: false },
    { name: 'secretAccessKey', label: 'Secret access key', required: true, secret: true },
    { name: 'region', label: 'Region', required: false, secret: false, description: 'For example eu-west-1.' },
  ],
};
