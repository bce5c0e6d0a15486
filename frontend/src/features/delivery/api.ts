import { api, call } from '../../api/client';
import type { BodyOf, ResponseOf } from '../../api/types';

export type SendingHealth = ResponseOf<'/api/mm/sendingHealth', 'get'>;
export type MonthAllowance = SendingHealth['thisMonth'];
export type Warmup = SendingHealth['warmups'][number];
export type DeliveryPace = ResponseOf<'/api/mm/deliveryPaces', 'get'>['items'][number];
export type DeliveryPaceFields = BodyOf<'/api/mm/deliveryPaces', 'put'>;

export function getSendingHealth(signal?: AbortSignal) {
  return call(api.GET('/api/mm/sendingHealth', { signal }));
}

/** Resume sending after the breaker stopped it; paused campaigns are resumed one by one. */
export function resumeSending() {
  return call(api.POST('/api/mm/sendingHealth/resume'));
}

export function listDeliveryPaces(signal?: AbortSignal) {
  return call(api.GET('/api/mm/deliveryPaces', { signal }));
}

/** Set (or replace) the rate of a sending or receiving domain. */
export function setDeliveryPace(fields: DeliveryPaceFields) {
  return call(api.PUT('/api/mm/deliveryPaces', { body: fields }));
}

export function deleteDeliveryPace(paceId: number) {
  return call(api.DELETE('/api/mm/deliveryPaces/{pace_id}', { params: { path: { pace_id: paceId } } }));
}
