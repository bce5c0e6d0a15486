import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';
import type { SortField } from '../../components/list/page-sizes';

export type CheckoutForm = ResponseOf<'/api/mm/checkoutForms/{form_id}', 'get'>;
export type CheckoutFormQuery = QueryOf<'/api/mm/checkoutForms', 'get'>;
export type CheckoutFormSortField = SortField<CheckoutFormQuery['sort']>;
export type CheckoutKind = CheckoutForm['kind'];
export type CheckoutFormChanges = BodyOf<'/api/mm/checkoutForms/{form_id}', 'patch'>;
export type Product = ResponseOf<'/api/mm/commerce/products', 'get'>['items'][number];
export type Plan = Product['plans'][number];
export type Subscription = ResponseOf<'/api/mm/commerce/subscriptions', 'get'>['items'][number];
export type Order = ResponseOf<'/api/mm/commerce/orders', 'get'>['items'][number];
export type FieldChoice = ResponseOf<'/api/mm/formFields', 'get'>['items'][number];

const one = (id: number) => ({ params: { path: { form_id: id } } });

export function listCheckoutForms(query: CheckoutFormQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/checkoutForms', { params: { query }, signal }));
}

export function getCheckoutForm(id: number, signal?: AbortSignal): Promise<CheckoutForm> {
  return call(api.GET('/api/mm/checkoutForms/{form_id}', { ...one(id), signal }));
}

export function createCheckoutForm(body: BodyOf<'/api/mm/checkoutForms', 'post'>): Promise<CheckoutForm> {
  return call(api.POST('/api/mm/checkoutForms', { body }));
}

export function saveCheckoutForm(id: number, body: CheckoutFormChanges): Promise<CheckoutForm> {
  return call(api.PATCH('/api/mm/checkoutForms/{form_id}', { ...one(id), body }));
}

export function deleteCheckoutForm(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/checkoutForms/{form_id}', one(id)));
}

export function publishCheckoutForm(id: number): Promise<CheckoutForm> {
  return call(api.POST('/api/mm/checkoutForms/{form_id}/publish', one(id)));
}

export function unpublishCheckoutForm(id: number): Promise<CheckoutForm> {
  return call(api.POST('/api/mm/checkoutForms/{form_id}/unpublish', one(id)));
}

export function replicateCheckoutForm(id: number): Promise<CheckoutForm> {
  return call(api.POST('/api/mm/checkoutForms/{form_id}/replicate', one(id)));
}

export async function listProducts(signal?: AbortSignal): Promise<Product[]> {
  return (await call(api.GET('/api/mm/commerce/products', { signal }))).items;
}

export function createProduct(body: BodyOf<'/api/mm/commerce/products', 'post'>) {
  return call(api.POST('/api/mm/commerce/products', { body }));
}

export function createPlan(body: BodyOf<'/api/mm/commerce/plans', 'post'>): Promise<Plan> {
  return call(api.POST('/api/mm/commerce/plans', { body }));
}

export async function listFieldChoices(signal?: AbortSignal): Promise<FieldChoice[]> {
  return (await call(api.GET('/api/mm/formFields', { signal }))).items;
}

export function listSubscriptions(query: QueryOf<'/api/mm/commerce/subscriptions', 'get'>, signal?: AbortSignal) {
  return call(api.GET('/api/mm/commerce/subscriptions', { params: { query }, signal }));
}

export function cancelSubscription(id: number): Promise<Subscription> {
  return call(api.POST('/api/mm/commerce/subscriptions/{subscription_id}/cancel', { params: { path: { subscription_id: id } } }));
}

export function listOrders(query: QueryOf<'/api/mm/commerce/orders', 'get'>, signal?: AbortSignal) {
  return call(api.GET('/api/mm/commerce/orders', { params: { query }, signal }));
}

export function refundOrder(id: number, amount?: number): Promise<Order> {
  return call(api.POST('/api/mm/commerce/orders/{order_id}/refund', { params: { path: { order_id: id } }, body: { amount } }));
}
