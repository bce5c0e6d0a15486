import { api, call } from '../../api/client';

/** One choice of a picker: the item's id as text, and its name. */
export interface Choice {
  value: string;
  label: string;
}

/** What a picker chooses from: each a list the server searches by name. */
export type PickerSource = 'templates' | 'senders' | 'segments' | 'groups' | 'tags' | 'campaigns' | 'forms';

/** A picker shows this many at once: the first ones, or the server's matches for what was typed. */
export const PICKER_PAGE = 30;

const page = (search: string) => ({ page: 1, pageSize: PICKER_PAGE, ...(search ? { search } : {}) });
const named = (items: { id: number; name: string }[]): Choice[] => items.map((item) => ({ value: String(item.id), label: item.name }));

/** The server's first PICKER_PAGE of `source` whose name contains `search` (all of them when empty). */
export async function pickerSearch(source: PickerSource, search: string, signal?: AbortSignal): Promise<Choice[]> {
  const query = page(search.trim());
  switch (source) {
    case 'templates':
      return named((await call(api.GET('/api/mm/templates', { params: { query: { ...query, sort: '-updatedAt' } }, signal }))).items);
    case 'senders':
      return (await call(api.GET('/api/mm/senders', { params: { query }, signal }))).items.map((item) => ({ value: String(item.id), label: `${item.name} <${item.email}>` }));
    case 'segments':
      return named((await call(api.GET('/api/mm/segments', { params: { query }, signal }))).items);
    case 'groups':
      return named((await call(api.GET('/api/mm/groups', { params: { query }, signal }))).items);
    case 'tags':
      return named((await call(api.GET('/api/mm/tags', { params: { query }, signal }))).items);
    case 'campaigns':
      return named((await call(api.GET('/api/mm/campaigns', { params: { query }, signal }))).items);
    case 'forms':
      return named((await call(api.GET('/api/mm/forms', { params: { query: { ...query, sort: 'name' } }, signal }))).items);
  }
}

/** The name of one chosen item the first page did not hold (a saved workflow's 31st template). */
export async function pickerLabel(source: PickerSource, id: number, signal?: AbortSignal): Promise<string | null> {
  switch (source) {
    case 'templates':
      return (await call(api.GET('/api/mm/templates/{template_id}', { params: { path: { template_id: id } }, signal }))).name;
    case 'segments':
      return (await call(api.GET('/api/mm/segments/{segment_id}', { params: { path: { segment_id: id } }, signal }))).name;
    case 'campaigns':
      return (await call(api.GET('/api/mm/campaigns/{campaign_id}', { params: { path: { campaign_id: id } }, signal }))).name;
    case 'forms':
      return (await call(api.GET('/api/mm/forms/{form_id}', { params: { path: { form_id: id } }, signal }))).name;
    default:
      return null;
  }
}
