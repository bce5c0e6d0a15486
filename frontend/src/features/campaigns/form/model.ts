import type { Campaign, CampaignChanges } from '../api';
import { wallClockOf, wireOf } from './zone';

export type VariantName = 'A' | 'B' | 'C';
export type AbTestOn = '' | 'subject' | 'content';

export interface Variant {
  name: VariantName;
  subject: string;
  templateId: string | null;
}

/** A number input's value: '' while empty. */
export type Count = number | '';

/** What the campaign form holds; instants are wall-clock times of the client's zone. */
export interface CampaignForm {
  name: string;
  kind: string;
  campaignTypeId: string | null;
  groupIds: string[];
  segmentIds: string[];
  senderId: string | null;
  fromName: string;
  fromAddress: string;
  replyTo: string;
  templateId: string | null;
  subject: string;
  previewText: string;
  excludeSystemUtm: boolean;
  isWarmup: boolean;
  scheduledAt: string | null;
  sendInRecipientZone: boolean;
  abTestOn: AbTestOn;
  abVariants: Variant[];
  abTestPercent: Count;
  abWinnerRule: '' | 'opens' | 'clicks';
  abWinnerAfterHours: Count;
  rssUrl: string;
  rssFrequency: '' | 'Day' | 'Week' | 'Month';
  rssArticleCount: Count;
  pollExpiresAt: string | null;
  resendUnopened: boolean;
  resendUnopenedDays: Count;
  resendUnopenedTime: string;
  resendUnopenedSubject: string;
  resendUnclicked: boolean;
  resendUnclickedDays: Count;
  resendUnclickedTime: string;
  resendUnclickedSubject: string;
}

/** The kinds a person creates here; Workflow, MailChimp and Re-Engmt campaigns come from elsewhere. */
export const FORM_KINDS = ['Regular', 'AB', 'RSS Feed', 'Poll'] as const;

// Spec 9's resend follow-up days; the test share the server allows (CAMPAIGN_AB_PERCENT).
export const RESEND_DAYS = { low: 2, high: 10 };
export const AB_PERCENT = { low: 10, high: 50 };
export const AB_HOURS_MAX = 720;
export const RSS_ARTICLES_MAX = 50;

const str = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));
const count = (value: number | null | undefined): Count => (value === null || value === undefined ? '' : value);

function variantsOf(raw: Campaign['abVariants']): Variant[] {
  const variants = raw.map((v) => ({
    name: v.name as VariantName,
    subject: typeof v.subject === 'string' ? v.subject : '',
    templateId: typeof v.templateId === 'number' ? String(v.templateId) : null,
  }));
  return variants.length >= 2 ? variants : [
    { name: 'A', subject: '', templateId: null },
    { name: 'B', subject: '', templateId: null },
  ];
}

const oneOf = <T extends string>(value: string, allowed: readonly T[]): T | '' => ((allowed as readonly string[]).includes(value) ? (value as T) : '');

export function formOf(c: Campaign): CampaignForm {
  return {
    name: c.name,
    kind: c.type,
    campaignTypeId: str(c.campaignTypeId),
    groupIds: c.groupIds.map(String),
    segmentIds: c.segmentIds.map(String),
    senderId: str(c.senderId),
    fromName: c.fromName,
    fromAddress: c.fromAddress,
    replyTo: c.replyTo,
    templateId: str(c.templateId),
    subject: c.subject,
    previewText: c.previewText,
    excludeSystemUtm: c.excludeSystemUtm,
    isWarmup: c.isWarmup,
    scheduledAt: wallClockOf(c.scheduledAt),
    sendInRecipientZone: c.sendInRecipientZone,
    abTestOn: oneOf(c.abTestOn, ['subject', 'content']),
    abVariants: variantsOf(c.abVariants),
    abTestPercent: count(c.abTestPercent),
    abWinnerRule: oneOf(c.abWinnerRule, ['opens', 'clicks']),
    abWinnerAfterHours: count(c.abWinnerAfterHours),
    rssUrl: c.rssUrl,
    rssFrequency: oneOf(c.rssFrequency, ['Day', 'Week', 'Month']),
    rssArticleCount: count(c.rssArticleCount),
    pollExpiresAt: wallClockOf(c.pollExpiresAt),
    resendUnopened: c.resendUnopened,
    resendUnopenedDays: count(c.resendUnopenedDays),
    resendUnopenedTime: c.resendUnopenedTime?.slice(0, 5) ?? '',
    resendUnopenedSubject: c.resendUnopenedSubject,
    resendUnclicked: c.resendUnclicked,
    resendUnclickedDays: count(c.resendUnclickedDays),
    resendUnclickedTime: c.resendUnclickedTime?.slice(0, 5) ?? '',
    resendUnclickedSubject: c.resendUnclickedSubject,
  };
}

const id = (value: string | null) => (value === null ? null : Number(value));
const num = (value: Count) => (value === '' ? null : value);
const time = (value: string) => (value ? value : null);

/**
 * Everything the form holds, as a save sends it. The A/B set-up only for an A/B campaign:
 * another kind leaves what was saved as it is (a switch back finds it) and never gets the
 * form's blank variants. The preview text only while the client's "email preview text"
 * setting shows its field: with the field hidden, what was saved stays as it is.
 */
export function changesOf(form: CampaignForm, { previewText = true }: { previewText?: boolean } = {}): CampaignChanges {
  const ab: CampaignChanges =
    form.kind === 'AB'
      ? {
          abTestOn: form.abTestOn,
          abVariants: form.abVariants.map((v) => ({ name: v.name, subject: v.subject, templateId: id(v.templateId) })),
          abTestPercent: num(form.abTestPercent),
          abWinnerRule: form.abWinnerRule,
          abWinnerAfterHours: num(form.abWinnerAfterHours),
        }
      : {};
  return {
    ...ab,
    ...(previewText ? { previewText: form.previewText } : {}),
    name: form.name,
    type: form.kind as CampaignChanges['type'],
    campaignTypeId: id(form.campaignTypeId),
    groupIds: form.groupIds.map(Number),
    segmentIds: form.segmentIds.map(Number),
    senderId: id(form.senderId),
    fromName: form.fromName,
    fromAddress: form.fromAddress,
    replyTo: form.replyTo,
    templateId: id(form.templateId),
    subject: form.subject,
    excludeSystemUtm: form.excludeSystemUtm,
    isWarmup: form.isWarmup,
    scheduledAt: wireOf(form.scheduledAt),
    sendInRecipientZone: form.sendInRecipientZone,
    rssUrl: form.rssUrl,
    rssFrequency: form.rssFrequency,
    rssArticleCount: num(form.rssArticleCount),
    pollExpiresAt: wireOf(form.pollExpiresAt),
    resendUnopened: form.resendUnopened,
    resendUnopenedDays: num(form.resendUnopenedDays),
    resendUnopenedTime: time(form.resendUnopenedTime),
    resendUnopenedSubject: form.resendUnopenedSubject,
    resendUnclicked: form.resendUnclicked,
    resendUnclickedDays: num(form.resendUnclickedDays),
    resendUnclickedTime: time(form.resendUnclickedTime),
    resendUnclickedSubject: form.resendUnclickedSubject,
  };
}
