import { api, call } from '../../api/client';
import type { QueryOf, ResponseOf } from '../../api/types';
import type { SortField } from '../../components/list/page-sizes';

export type Campaign = ResponseOf<'/api/mm/campaigns/{campaign_id}', 'get'>;
export type CampaignRow = ResponseOf<'/api/mm/campaigns', 'get'>['items'][number];
export type CampaignQuery = QueryOf<'/api/mm/campaigns', 'get'>;
export type CampaignSortField = SortField<CampaignQuery['sort']>;
export type CampaignStatus = NonNullable<CampaignQuery['status']>;
export type CampaignKind = NonNullable<CampaignQuery['type']>;

export function listCampaigns(query: CampaignQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/campaigns', { params: { query }, signal }));
}

export function pauseCampaign(id: number): Promise<Campaign> {
  return call(api.POST('/api/mm/campaigns/{campaign_id}/pause', { params: { path: { campaign_id: id } } }));
}

export function resumeCampaign(id: number): Promise<Campaign> {
  return call(api.POST('/api/mm/campaigns/{campaign_id}/resume', { params: { path: { campaign_id: id } } }));
}

export function deleteCampaign(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/campaigns/{campaign_id}', { params: { path: { campaign_id: id } } }));
}

export type CampaignType = ResponseOf<'/api/mm/campaignTypes', 'get'>['items'][number];
export type CampaignTypeQuery = QueryOf<'/api/mm/campaignTypes', 'get'>;
export type CampaignTypeSortField = SortField<CampaignTypeQuery['sort']>;
export interface CampaignTypeFields {
  name: string;
  isPrivate: boolean;
  isEnabled: boolean;
}

export function listCampaignTypes(query: CampaignTypeQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/campaignTypes', { params: { query }, signal }));
}

export function createCampaignType(body: CampaignTypeFields): Promise<CampaignType> {
  return call(api.POST('/api/mm/campaignTypes', { body }));
}

export function updateCampaignType(id: number, body: Partial<CampaignTypeFields>): Promise<CampaignType> {
  return call(api.PATCH('/api/mm/campaignTypes/{type_id}', { params: { path: { type_id: id } }, body }));
}

export function deleteCampaignType(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/campaignTypes/{type_id}', { params: { path: { type_id: id } } }));
}
