import type { CampaignRow } from './api';

/**
 * The status a campaign's badge shows. Send Now (and a schedule whose time has come) leaves
 * the campaign Scheduled until the start task claims it, seconds later: from its scheduled
 * time on it is being sent as far as the marketer is concerned, so it reads Sending.
 */
export function shownStatus(campaign: Pick<CampaignRow, 'status' | 'scheduledAt'>, now: number): string {
  if (campaign.status !== 'Scheduled' || !campaign.scheduledAt) return campaign.status;
  return Date.parse(campaign.scheduledAt) <= now ? 'Sending' : 'Scheduled';
}
