import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';
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

type SaveBody = BodyOf<'/api/mm/campaigns/{campaign_id}', 'patch'>;
export type CampaignChanges = Omit<SaveBody, 'action'>;
export type SaveAction = SaveBody['action'];
export type SendWhen = BodyOf<'/api/mm/campaigns/{campaign_id}/send', 'post'>['when'];

export function getCampaign(id: number, signal?: AbortSignal): Promise<Campaign> {
  return call(api.GET('/api/mm/campaigns/{campaign_id}', { params: { path: { campaign_id: id } }, signal }));
}

export function createCampaign(body: BodyOf<'/api/mm/campaigns', 'post'>): Promise<Campaign> {
  return call(api.POST('/api/mm/campaigns', { body }));
}

export function saveCampaign(id: number, changes: CampaignChanges, action: SaveAction): Promise<Campaign> {
  const body: SaveBody = { ...changes, action };
  return call(api.PATCH('/api/mm/campaigns/{campaign_id}', { params: { path: { campaign_id: id } }, body }));
}

export function sendCampaign(id: number, when: SendWhen, changes: CampaignChanges): Promise<Campaign> {
  const body = { ...changes, when } as BodyOf<'/api/mm/campaigns/{campaign_id}/send', 'post'>;
  return call(api.POST('/api/mm/campaigns/{campaign_id}/send', { params: { path: { campaign_id: id } }, body }));
}

export type SendSummary = ResponseOf<'/api/mm/campaigns/{campaign_id}/sendSummary', 'get'>;

/** What a send of the campaign as saved will do: recipients, From, the warm-up's daily allowance, the postal address. */
export function getSendSummary(id: number, signal?: AbortSignal): Promise<SendSummary> {
  return call(api.GET('/api/mm/campaigns/{campaign_id}/sendSummary', { params: { path: { campaign_id: id } }, signal }));
}

export function sendCampaignTest(id: number, emails: string[]) {
  return call(api.POST('/api/mm/campaigns/{campaign_id}/test', { params: { path: { campaign_id: id } }, body: { emails } }));
}

/** What the form picks from: campaign types, groups, segments, templates and senders (first pages). */
export async function campaignChoices(signal?: AbortSignal) {
  const [types, options, segments, templates, senders] = await Promise.all([
    call(api.GET('/api/mm/campaignTypes', { params: { query: { pageSize: 30 } }, signal })),
    call(api.GET('/api/mm/segments/rule-options', { signal })),
    call(api.GET('/api/mm/segments', { params: { query: { pageSize: 30, sort: 'name' } }, signal })),
    call(api.GET('/api/mm/templates', { params: { query: { pageSize: 30 } }, signal })),
    call(api.GET('/api/mm/senders', { params: { query: { pageSize: 30, sort: 'name' } }, signal })),
  ]);
  return {
    types: types.items.filter((t) => t.isEnabled).map((t) => ({ value: String(t.id), label: t.name })),
    groups: options.groups.map((g) => ({ value: String(g.id), label: g.name })),
    segments: segments.items.map((s) => ({ value: String(s.id), label: s.name })),
    templates: templates.items.map((t) => ({ value: String(t.id), label: t.name })),
    senders: senders.items.map((s) => ({ value: String(s.id), label: `${s.name} <${s.email}>`, name: s.name, email: s.email })),
  };
}

export type RssChannel = ResponseOf<'/api/getRSSXML', 'get'>['date']['data']['channel'];

/** Spec 7's getRSSXML: the feed's channel and items, fetched by the server (private addresses refused). */
export async function getRssFeed(url: string, signal?: AbortSignal): Promise<RssChannel> {
  const answer = await call(api.GET('/api/getRSSXML', { params: { query: { rssFeedUrl: url } }, signal }));
  return answer.date.data.channel;
}

export type CampaignSettings = ResponseOf<'/api/mm/campaignSettings', 'get'>;

/** The client's global campaign settings (spec 3); members read them, admins change them. */
export function getCampaignSettings(signal?: AbortSignal): Promise<CampaignSettings> {
  return call(api.GET('/api/mm/campaignSettings', { signal }));
}

export function updateCampaignSettings(body: Partial<CampaignSettings>): Promise<CampaignSettings> {
  return call(api.PATCH('/api/mm/campaignSettings', { body }));
}

export type FirstSteps = ResponseOf<'/api/mm/firstSteps', 'get'>;

/** Which steps of the getting-started list the client has done (admins). */
export function getFirstSteps(signal?: AbortSignal) {
  return call(api.GET('/api/mm/firstSteps', { signal }));
}
