import { campaignRules as rule } from '../messages';
import { AB_PERCENT, RESEND_DAYS, type CampaignForm, type Count } from './model';

/**
 * The server's campaign rules (services/validation.py), run in the browser first so a
 * person sees every problem beside its field before anything is sent. Same field names and
 * words as the server's answer; the server stays the judge (it also checks what the
 * browser cannot: that a sender may send, that groups and templates still exist, limits).
 */
export type FieldErrors = Record<string, string[]>;

class Problems {
  errors: FieldErrors = {};
  add(name: string, message: string) {
    (this.errors[name] ??= []).push(message);
  }
}

// The shape email_validator lets through, roughly: one @, a dotted domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** http(s), a host with a dot, no user name: the server's rss_url_valid. */
export function rssUrlValid(url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    return ['http:', 'https:'].includes(parsed.protocol) && parsed.hostname.includes('.') && !parsed.username;
  } catch {
    return false;
  }
}

function resendCheck(problems: Problems, on: boolean, days: Count, time: string, prefix: string) {
  if (!on) return;
  if (days === '' || days < RESEND_DAYS.low || days > RESEND_DAYS.high) problems.add(`${prefix}Days`, rule.resendDaysRange(RESEND_DAYS.low, RESEND_DAYS.high));
  if (!time) problems.add(`${prefix}Time`, rule.resendTimeRequired);
}

function fieldsCheck(problems: Problems, form: CampaignForm) {
  if (!form.name.trim()) problems.add('name', rule.nameRequired);
  if (form.campaignTypeId === null) problems.add('campaignTypeId', rule.typeRequired);
  if (form.fromName.trim().length > 50) problems.add('fromName', rule.senderNameTooLong);
  if (form.fromAddress.trim() && !EMAIL.test(form.fromAddress.trim())) problems.add('fromAddress', rule.invalidEmail);
  if (form.replyTo.trim() && !EMAIL.test(form.replyTo.trim())) problems.add('replyTo', rule.invalidEmail);
  resendCheck(problems, form.resendUnopened, form.resendUnopenedDays, form.resendUnopenedTime, 'resendUnopened');
  resendCheck(problems, form.resendUnclicked, form.resendUnclickedDays, form.resendUnclickedTime, 'resendUnclicked');
  const percent = form.abTestPercent;
  if (form.kind === 'AB' && percent !== '' && (percent < AB_PERCENT.low || percent > AB_PERCENT.high)) {
    problems.add('abTestPercent', rule.abPercent(AB_PERCENT.low, AB_PERCENT.high));
  }
}

/** What every save needs (a draft may be incomplete, but what it holds is well formed). */
export function saveErrors(form: CampaignForm): FieldErrors {
  const problems = new Problems();
  fieldsCheck(problems, form);
  return problems.errors;
}

/** "Schedule date cannot be earlier than the current date." while the picked time is past. */
export function schedulePast(scheduledAt: string | null, now: string): boolean {
  return scheduledAt !== null && scheduledAt < now;
}

/** The poll expiry's own rule (spec 5.3): after now, and after the schedule when there is one. */
export function pollExpiryProblem(expiry: string | null, start: string | null, now: string): string | null {
  if (expiry === null) return null;
  if (expiry < now) return rule.pollExpiryPast;
  if (start !== null && expiry < start) return rule.pollExpiryBeforeSchedule;
  return null;
}

function abCheck(problems: Problems, form: CampaignForm) {
  if (form.abTestOn === '') problems.add('abTestOn', rule.abTestOn);
  if (form.abTestPercent === '') problems.add('abTestPercent', rule.abPercent(AB_PERCENT.low, AB_PERCENT.high));
  if (form.abWinnerRule === '' || !form.abWinnerAfterHours) problems.add('abWinnerRule', rule.abRule);
  for (const variant of form.abVariants) {
    if (form.abTestOn === 'subject' && !variant.subject.trim()) problems.add('abVariants', rule.abVariantSubject(variant.name));
    if (form.abTestOn === 'content' && variant.templateId === null) problems.add('abVariants', rule.abVariantTemplate(variant.name));
  }
}

/**
 * What a schedule (`startingNow` false) or a send now needs (spec 5.2, 5.3), `now` being
 * the client's wall clock.
 */
export function sendErrors(form: CampaignForm, { now, startingNow }: { now: string; startingNow: boolean }): FieldErrors {
  const problems = new Problems();
  fieldsCheck(problems, form);
  if (form.senderId === null) {
    if (!form.fromName.trim()) problems.add('fromName', rule.senderNameRequired);
    if (!form.fromAddress.trim()) problems.add('fromAddress', rule.senderAddressRequired);
  }
  if (!form.groupIds.length && !form.segmentIds.length) problems.add('audience', rule.audienceRequired);
  const ab = form.kind === 'AB';
  if (!(ab && form.abTestOn === 'content') && form.templateId === null) problems.add('templateId', rule.templateRequired);
  if (!(ab && form.abTestOn === 'subject') && !form.subject.trim()) problems.add('subject', rule.subjectRequired);
  if (ab) abCheck(problems, form);
  if (!startingNow) {
    if (form.scheduledAt === null) problems.add('scheduledAt', rule.scheduleRequired);
    else if (schedulePast(form.scheduledAt, now)) problems.add('scheduledAt', rule.schedulePast);
  }
  if (form.kind === 'RSS Feed') {
    if (!form.rssUrl.trim()) problems.add('rssUrl', rule.rssUrlRequired);
    else if (!rssUrlValid(form.rssUrl)) problems.add('rssUrl', rule.rssUrlInvalid);
    if (!form.rssFrequency) problems.add('rssFrequency', rule.rssFrequencyRequired);
    if (!form.rssArticleCount) problems.add('rssArticleCount', rule.rssArticlesRequired);
  }
  if (form.kind === 'Poll') {
    if (form.pollExpiresAt === null) problems.add('pollExpiresAt', rule.pollExpiryRequired);
    const problem = pollExpiryProblem(form.pollExpiresAt, startingNow ? now : form.scheduledAt, now);
    if (problem) problems.add('pollExpiresAt', problem);
  }
  return problems.errors;
}

/** A variant's own messages among the A/B errors ("… of variant B"), and the others. */
export function variantErrors(messages: string[] = [], name: string): string[] {
  return messages.filter((message) => message.endsWith(`variant ${name}`));
}

export function groupErrors(messages: string[] = []): string[] {
  return messages.filter((message) => !/variant [ABC]$/.test(message));
}
