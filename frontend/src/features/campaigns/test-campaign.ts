import type { Campaign } from './api';

/** A campaign as the API answers it, for the form's tests. */
export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 5, name: 'Winter', type: 'Regular', subType: '', campaignTypeId: 1, campaignType: { id: 1, name: 'General', isPrivate: false, isEnabled: true },
    status: 'Draft', statusMessage: '', groupIds: [], segmentIds: [], senderId: null, fromName: '', fromAddress: '', replyTo: '',
    contentType: 'html', templateId: null, headerId: null, footerId: null, subject: '', previewText: '', excludeSystemUtm: false,
    scheduledAt: null, sendInRecipientZone: false,
    resendUnopened: false, resendUnopenedDays: null, resendUnopenedTime: null, resendUnopenedSubject: '', resendUnopenedStatus: 0,
    resendUnclicked: false, resendUnclickedDays: null, resendUnclickedTime: null, resendUnclickedSubject: '', resendUnclickedStatus: 0,
    abTestOn: '', abVariants: [], abTestPercent: null, abWinnerRule: '', abWinnerAfterHours: null, abWinner: '',
    rssUrl: '', rssFrequency: '', rssArticleCount: null, pollExpiresAt: null, recipientCount: null, startedAt: null, sentAt: null,
    createdByEmail: 'ann@demo.test', createdAt: '2026-11-20T10:00:00-05:00', updatedAt: '2026-11-20T10:00:00-05:00',
    sent: 0, failed: 0, opened: 0, clicked: 0,
    ...overrides,
  } as Campaign;
}
