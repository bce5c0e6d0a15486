import { makeCampaign } from '../test-campaign';
import { changesOf, formOf, type CampaignForm } from './model';
import { groupErrors, pollExpiryProblem, rssUrlValid, saveErrors, sendErrors, variantErrors } from './rules';
import { nowIn, wallClockOf, zoneLabel } from './zone';

const ready = (overrides: Partial<CampaignForm> = {}): CampaignForm => ({
  ...formOf(makeCampaign({ groupIds: [3], fromName: 'News', fromAddress: 'news@shop.test', templateId: 8, subject: 'Hello' })),
  ...overrides,
});
const NOW = '2026-11-26 15:30:00';

test('a campaign as answered becomes the form and back, instants kept on the client wall clock', () => {
  const campaign = makeCampaign({
    type: 'AB', scheduledAt: '2099-01-01T09:00:00-05:00', pollExpiresAt: '2099-02-01T18:30:00-05:00',
    abVariants: [{ name: 'A', subject: 'One', templateId: null }, { name: 'B', subject: 'Two', templateId: 4 }],
    abTestPercent: 20, resendUnopened: true, resendUnopenedDays: 3, resendUnopenedTime: '09:15:00',
  });
  const form = formOf(campaign);
  expect(form.scheduledAt).toBe('2099-01-01 09:00:00');
  expect(form.abVariants[1]).toEqual({ name: 'B', subject: 'Two', templateId: '4' });
  expect(form.resendUnopenedTime).toBe('09:15');
  const changes = changesOf(form);
  expect(changes.scheduledAt).toBe('2099-01-01T09:00:00');
  expect(changes.pollExpiresAt).toBe('2099-02-01T18:30:00');
  expect(changes.abVariants).toEqual([{ name: 'A', subject: 'One', templateId: null }, { name: 'B', subject: 'Two', templateId: 4 }]);
  expect(changes.abTestPercent).toBe(20);
  expect(changes.resendUnclickedDays).toBeNull();
  expect(formOf(makeCampaign()).abVariants.map((v) => v.name)).toEqual(['A', 'B']);
  expect(changesOf(formOf(makeCampaign())).abVariants).toBeUndefined(); // a Regular campaign keeps none
});

test('the preview text is sent only while the "email preview text" setting shows its field', () => {
  const form = formOf(makeCampaign({ previewText: 'Inside: our autumn offers' }));
  expect(changesOf(form).previewText).toBe('Inside: our autumn offers');
  expect(changesOf(form, { previewText: false })).not.toHaveProperty('previewText');
});

test('the client zone: now on its wall clock and its offset at the chosen time', () => {
  const instant = Date.parse('2026-11-26T20:30:00Z');
  expect(nowIn({ name: 'America/New_York', minutes: -300 }, instant)).toBe('2026-11-26 15:30:00');
  expect(nowIn({ name: '', minutes: 330 }, instant)).toBe('2026-11-27 02:00:00');
  expect(zoneLabel({ name: 'America/New_York', minutes: -300 }, '2027-07-01 09:00:00')).toBe('America/New_York, UTC-04:00');
  expect(zoneLabel({ name: '', minutes: -300 }, null)).toBe('UTC-05:00');
  expect(wallClockOf('2099-01-01T09:00:00+05:30')).toBe('2099-01-01 09:00:00');
});

test('a save refuses resends without their time or outside 2 to 10 days, in the spec wording', () => {
  const errors = saveErrors(ready({ resendUnopened: true, resendUnopenedDays: 11, resendUnclicked: true, resendUnclickedDays: 1, resendUnclickedTime: '10:00' }));
  expect(errors).toEqual({
    resendUnopenedDays: ['Resend follow-up days must be from 2 to 10.'],
    resendUnopenedTime: ['Please fill Resend Time'],
    resendUnclickedDays: ['Resend follow-up days must be from 2 to 10.'],
  });
  expect(saveErrors(ready({ resendUnopened: false, resendUnopenedDays: 40 }))).toEqual({});
  expect(saveErrors(ready({ name: ' ', fromName: 'x'.repeat(51), replyTo: 'nope' }))).toEqual({
    name: ['Please fill Campaign Name'],
    fromName: ['Sender name can be at most 50 characters.'],
    replyTo: ['Please enter valid Email ID'],
  });
});

test('a schedule needs a time not in the past; a send now does not', () => {
  expect(sendErrors(ready(), { now: NOW, startingNow: false })).toEqual({ scheduledAt: ['Please fill Schedule Date and Time'] });
  expect(sendErrors(ready({ scheduledAt: '2026-11-26 15:00:00' }), { now: NOW, startingNow: false })).toEqual({
    scheduledAt: ['Schedule date cannot be earlier than the current date.'],
  });
  expect(sendErrors(ready({ scheduledAt: '2026-11-26 16:00:00' }), { now: NOW, startingNow: false })).toEqual({});
  expect(sendErrors(ready(), { now: NOW, startingNow: true })).toEqual({});
});

test('an A/B test on the subject needs each variant subject, a share, a rule; not the campaign subject', () => {
  const form = ready({ kind: 'AB', subject: '', abTestOn: 'subject', abVariants: [{ name: 'A', subject: 'One', templateId: null }, { name: 'B', subject: '', templateId: null }, { name: 'C', subject: '', templateId: null }] });
  const errors = sendErrors(form, { now: NOW, startingNow: true });
  expect(errors).toEqual({
    abTestPercent: ['The test share must be from 10 to 50 percent.'],
    abWinnerRule: ['Please choose the winning rule: opens or clicks after some hours.'],
    abVariants: ['Please fill Subject of variant B', 'Please fill Subject of variant C'],
  });
  expect(variantErrors(errors.abVariants, 'C')).toEqual(['Please fill Subject of variant C']);
  expect(groupErrors(['An A/B campaign needs variants A and B (and at most C).', 'Please fill Subject of variant B'])).toEqual(['An A/B campaign needs variants A and B (and at most C).']);
  expect(saveErrors({ ...form, abTestPercent: 60 })).toEqual({ abTestPercent: ['The test share must be from 10 to 50 percent.'] });
  const content = sendErrors(ready({ kind: 'AB', templateId: null, abTestOn: 'content', abTestPercent: 20, abWinnerRule: 'opens', abWinnerAfterHours: 4 }), { now: NOW, startingNow: true });
  expect(content).toEqual({ abVariants: ['Please select a template for variant A', 'Please select a template for variant B'] });
  expect(sendErrors(ready({ kind: 'AB' }), { now: NOW, startingNow: true }).abTestOn).toEqual(['Please choose whether to test the subject or the content.']);
});

test('an RSS campaign needs a valid feed URL, a frequency and an article count', () => {
  expect(sendErrors(ready({ kind: 'RSS Feed' }), { now: NOW, startingNow: true })).toEqual({
    rssUrl: ['Please fill RSS Feed URL'],
    rssFrequency: ['Please fill Frequency'],
    rssArticleCount: ['Please fill Article Count'],
  });
  expect(sendErrors(ready({ kind: 'RSS Feed', rssUrl: 'ftp://feeds.test/x', rssFrequency: 'Week', rssArticleCount: 5 }), { now: NOW, startingNow: true })).toEqual({
    rssUrl: ['Please enter a valid RSS URL'],
  });
  expect(rssUrlValid('https://news.example.com/feed.xml')).toBe(true);
  expect(rssUrlValid('http://localhost/feed')).toBe(false);
  expect(rssUrlValid('https://user@news.example.com/feed')).toBe(false);
});

test('a poll expiry comes after now and after the schedule', () => {
  expect(sendErrors(ready({ kind: 'Poll' }), { now: NOW, startingNow: true })).toEqual({ pollExpiresAt: ['Please fill Poll Expiry Date'] });
  expect(pollExpiryProblem('2026-11-26 10:00:00', null, NOW)).toBe('Poll expiry cannot be earlier than now.');
  expect(pollExpiryProblem('2026-12-01 10:00:00', '2026-12-02 09:00:00', NOW)).toBe('Poll expiry cannot be earlier than the schedule date.');
  expect(pollExpiryProblem('2026-12-03 10:00:00', '2026-12-02 09:00:00', NOW)).toBeNull();
  const scheduled = ready({ kind: 'Poll', scheduledAt: '2026-12-02 09:00:00', pollExpiresAt: '2026-12-01 09:00:00' });
  expect(sendErrors(scheduled, { now: NOW, startingNow: false })).toEqual({ pollExpiresAt: ['Poll expiry cannot be earlier than the schedule date.'] });
});
