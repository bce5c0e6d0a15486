import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';
import type { components } from '../../api/schema';
import type { SortField } from '../../components/list/page-sizes';

export type Segment = ResponseOf<'/api/mm/segments/{segment_id}', 'get'>;
export type SegmentRow = ResponseOf<'/api/mm/segments', 'get'>['items'][number];
export type SegmentQuery = QueryOf<'/api/mm/segments', 'get'>;
export type SegmentSortField = SortField<SegmentQuery['sort']>;
export type SegmentType = BodyOf<'/api/mm/segments', 'post'>['type'];
export type RuleOptions = ResponseOf<'/api/mm/segments/rule-options', 'get'>;
export type FieldOption = RuleOptions['fields'][number];
export type Preview = ResponseOf<'/api/mm/segments/preview', 'post'>;

/** The rule tree on the wire (marketing/segments/rules.py). */
export type RuleTree = components['schemas']['AndGroup'] | components['schemas']['OrGroup'];
export type WireRule = RuleTree['rules'][number];
export type WireFieldRule = components['schemas']['FieldRule'];
export type WireActivityRule = components['schemas']['ActivityRule'];
export type WireDateCondition = components['schemas']['DateCondition'];
export type FieldOperator = WireFieldRule['operator'];
export type EventName = WireActivityRule['event'];
export type SubscriptionState = components['schemas']['SubscriptionRule']['state'];

export interface SegmentChanges {
  name?: string;
  type?: SegmentType;
  rules?: RuleTree;
  websiteIds?: number[];
}

export function listSegments(query: SegmentQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/segments', { params: { query }, signal }));
}

export function getSegment(id: number, signal?: AbortSignal): Promise<Segment> {
  return call(api.GET('/api/mm/segments/{segment_id}', { params: { path: { segment_id: id } }, signal }));
}

export function createSegment(body: { name: string; type: SegmentType; rules: RuleTree; websiteIds: number[] }): Promise<Segment> {
  return call(api.POST('/api/mm/segments', { body }));
}

export function updateSegment(id: number, body: SegmentChanges): Promise<Segment> {
  return call(api.PATCH('/api/mm/segments/{segment_id}', { params: { path: { segment_id: id } }, body }));
}

export function deleteSegment(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/segments/{segment_id}', { params: { path: { segment_id: id } } }));
}

export function getRuleOptions(signal?: AbortSignal): Promise<RuleOptions> {
  return call(api.GET('/api/mm/segments/rule-options', { signal }));
}

export function countRules(rules: RuleTree, signal?: AbortSignal): Promise<{ count: number }> {
  return call(api.POST('/api/mm/segments/count', { body: { rules }, signal }));
}

export function previewRules(rules: RuleTree, signal?: AbortSignal): Promise<Preview> {
  return call(api.POST('/api/mm/segments/preview', { body: { rules, pageSize: 10 }, signal }));
}

export function exportSegment(id: number): Promise<{ jobId: number }> {
  return call(api.POST('/api/mm/segments/{segment_id}/export', { params: { path: { segment_id: id } } }));
}

// BI segments (marketing/bi): super-admins' segments counted across every client.
export type BiSegment = ResponseOf<'/api/mm/bi/segments/{bi_segment_id}', 'get'>;
export type BiSegmentRow = ResponseOf<'/api/mm/bi/segments', 'get'>['items'][number];
export type BiSegmentQuery = QueryOf<'/api/mm/bi/segments', 'get'>;
export type BiSegmentSortField = SortField<BiSegmentQuery['sort']>;
export type BiCount = ResponseOf<'/api/mm/bi/segments/count', 'post'>;
export type ClientCount = BiCount['clients'][number];

export function listBiSegments(query: BiSegmentQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/bi/segments', { params: { query }, signal }));
}

export function getBiSegment(id: number, signal?: AbortSignal): Promise<BiSegment> {
  return call(api.GET('/api/mm/bi/segments/{bi_segment_id}', { params: { path: { bi_segment_id: id } }, signal }));
}

export function createBiSegment(body: { name: string; rules: RuleTree }): Promise<BiSegment> {
  return call(api.POST('/api/mm/bi/segments', { body }));
}

export function updateBiSegment(id: number, body: { name?: string; rules?: RuleTree }): Promise<BiSegment> {
  return call(api.PATCH('/api/mm/bi/segments/{bi_segment_id}', { params: { path: { bi_segment_id: id } }, body }));
}

export function deleteBiSegment(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/bi/segments/{bi_segment_id}', { params: { path: { bi_segment_id: id } } }));
}

export function countBiRules(rules: RuleTree, signal?: AbortSignal): Promise<BiCount> {
  return call(api.POST('/api/mm/bi/segments/count', { body: { rules }, signal }));
}
