import { api, call } from '../../api/client';
import type { QueryOf, ResponseOf } from '../../api/types';
import type { SortField } from '../../components/list/page-sizes';

export type CampaignReport = ResponseOf<'/api/mm/campaigns/{campaign_id}/report', 'get'>;
export type AbReport = NonNullable<CampaignReport['ab']>;
export type RecipientQuery = QueryOf<'/api/mm/campaigns/{campaign_id}/report/recipients', 'get'>;
export type Outcome = NonNullable<RecipientQuery['outcome']>;
export type RecipientPage = ResponseOf<'/api/mm/campaigns/{campaign_id}/report/recipients', 'get'>;
export type PerformanceQuery = QueryOf<'/api/mm/reports/performance', 'get'>;
export type PerformanceSortField = SortField<PerformanceQuery['sort']>;
export type PerformancePage = ResponseOf<'/api/mm/reports/performance', 'get'>;
export type PerformanceRow = PerformancePage['items'][number];
export type ScheduleDay = ResponseOf<'/api/mm/reports/scheduleSummary', 'get'>['days'][number];

export function getCampaignReport(id: number, signal?: AbortSignal): Promise<CampaignReport> {
  return call(api.GET('/api/mm/campaigns/{campaign_id}/report', { params: { path: { campaign_id: id } }, signal }));
}

export function listReportRecipients(id: number, query: RecipientQuery, signal?: AbortSignal): Promise<RecipientPage> {
  return call(api.GET('/api/mm/campaigns/{campaign_id}/report/recipients', { params: { path: { campaign_id: id }, query }, signal }));
}

export function exportReportRecipients(id: number, outcome: Outcome): Promise<{ jobId: number }> {
  return call(api.POST('/api/mm/campaigns/{campaign_id}/report/export', { params: { path: { campaign_id: id } }, body: { outcome } }));
}

export function getPerformanceReport(query: PerformanceQuery, signal?: AbortSignal): Promise<PerformancePage> {
  return call(api.GET('/api/mm/reports/performance', { params: { query }, signal }));
}

export function getRecentCampaigns(limit: number, signal?: AbortSignal): Promise<{ items: PerformanceRow[] }> {
  return call(api.GET('/api/mm/reports/recentCampaigns', { params: { query: { limit } }, signal }));
}

export function getScheduleSummary(days: number, signal?: AbortSignal): Promise<{ days: ScheduleDay[] }> {
  return call(api.GET('/api/mm/reports/scheduleSummary', { params: { query: { days } }, signal }));
}

export type AbCampaignQuery = Omit<QueryOf<'/api/mm/campaigns', 'get'>, 'type'>;
export type AbCampaignPage = ResponseOf<'/api/mm/campaigns', 'get'>;

/** The A/B test campaigns (the campaign grid's call, narrowed to type AB). */
export function listAbCampaigns(query: AbCampaignQuery, signal?: AbortSignal): Promise<AbCampaignPage> {
  return call(api.GET('/api/mm/campaigns', { params: { query: { ...query, type: 'AB' } }, signal }));
}
