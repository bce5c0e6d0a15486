import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';

export type SummaryNotification = ResponseOf<'/api/mm/summaryNotifications/{notification_id}', 'get'>;
export type SummaryInput = BodyOf<'/api/mm/summaryNotifications', 'post'>;
export type SummaryQuery = QueryOf<'/api/mm/summaryNotifications', 'get'>;
export type SummaryDigest = ResponseOf<'/api/mm/summaryNotificationCampaigns', 'get'>['items'][number];
export type DigestQuery = QueryOf<'/api/mm/summaryNotificationCampaigns', 'get'>;
export type SummaryData = ResponseOf<'/api/external/summaryNotificationData', 'get'>;
export type Figures = SummaryData['figures'];

export function listSummaries(query: SummaryQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/summaryNotifications', { params: { query }, signal }));
}

export function createSummary(body: SummaryInput): Promise<SummaryNotification> {
  return call(api.POST('/api/mm/summaryNotifications', { body }));
}

export function updateSummary(id: number, body: SummaryInput): Promise<SummaryNotification> {
  return call(api.PUT('/api/mm/summaryNotifications/{notification_id}', { params: { path: { notification_id: id } }, body }));
}

export function deleteSummary(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/summaryNotifications/{notification_id}', { params: { path: { notification_id: id } } }));
}

export function listDigests(query: DigestQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/summaryNotificationCampaigns', { params: { query }, signal }));
}

export function getSummaryData(token: string, signal?: AbortSignal): Promise<SummaryData> {
  return call(api.GET('/api/external/summaryNotificationData', { params: { query: { token } }, signal }));
}
