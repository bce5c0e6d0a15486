import type { CampaignReport } from './api';

/** A sent campaign's report as the API answers it (New York, 5 recipients, one bounce). */
export function reportOf(overrides: Partial<CampaignReport> = {}): CampaignReport {
  return {
    campaign: {
      id: 7,
      name: 'Spring sale',
      type: 'Regular',
      status: 'Sent',
      statusMessage: '',
      subject: 'Spring is here',
      fromName: 'Shop',
      fromAddress: 'news@shop.example',
      scheduledAt: '2026-03-01T09:00:00-05:00',
      startedAt: '2026-03-01T09:00:05-05:00',
      sentAt: '2026-03-01T09:02:00-05:00',
      sendInRecipientZone: false,
    },
    recipients: 5,
    sent: 4,
    delivered: 4,
    failed: 1,
    deferred: 0,
    pending: 0,
    hardBounces: 1,
    softBounces: 0,
    complaints: 0,
    unsubscribes: 0,
    uniqueOpens: 2,
    totalOpens: 3,
    uniqueClicks: 2,
    totalClicks: 3,
    openRate: 50,
    clickRate: 50,
    clickToOpenRate: 100,
    bounceRate: 20,
    bounceReasons: [{ reason: 'userUnknown', count: 1 }],
    unsubscribeRate: 0,
    machineOpens: 1,
    machineOpenPeople: 1,
    botClicks: 1,
    botClickPeople: 1,
    links: [
      { linkId: 11, url: 'https://shop.example.com/sale', uniqueClicks: 2, totalClicks: 2, botClicks: 1 },
      { linkId: 12, url: 'https://shop.example.com/blog', uniqueClicks: 1, totalClicks: 1, botClicks: 0 },
    ],
    timeline: {
      unit: 'hour',
      points: [
        { at: '2026-03-01T09:00:00-05:00', opens: 2, clicks: 1 },
        { at: '2026-03-01T10:00:00-05:00', opens: 1, clicks: 2 },
      ],
    },
    hourly: [],
    ab: null,
    resends: {
      unopened: { enabled: true, days: 3, subject: 'Did you miss it?', status: 1, scheduledAt: '2026-03-04T09:00:00-05:00', processedAt: null },
      unclicked: { enabled: false, days: null, subject: '', status: 0, scheduledAt: null, processedAt: null },
      sends: [],
    },
    generatedAt: '2026-03-02T08:00:00-05:00',
    tracking: { asOf: '2026-03-02T07:58:00-05:00', behind: false },
    ...overrides,
  };
}

export const abOf = (): NonNullable<CampaignReport['ab']> => ({
  testOn: 'subject',
  testPercent: 50,
  winnerRule: 'opens',
  winnerAfterHours: 4,
  winner: 'A',
  winnerPickedAt: '2026-03-01T13:00:00-05:00',
  leader: 'A',
  variants: [
    { name: 'A', subject: 'Spring sale', templateId: null, recipients: 2, sent: 2, delivered: 2, uniqueOpens: 1, uniqueClicks: 1, openRate: 50, clickRate: 50 },
    { name: 'B', subject: 'Sale!', templateId: null, recipients: 2, sent: 2, delivered: 2, uniqueOpens: 0, uniqueClicks: 0, openRate: 0, clickRate: 0 },
    { name: 'W', subject: '', templateId: null, recipients: 1, sent: 0, delivered: 0, uniqueOpens: 0, uniqueClicks: 0, openRate: 0, clickRate: 0 },
  ],
});

export const pageOf = (items: unknown[], total = items.length) => ({ items, total, totalIsEstimate: false, page: 1, pageSize: 10 });
