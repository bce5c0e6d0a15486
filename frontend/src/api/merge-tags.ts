import { api, call } from './client';
import type { ResponseOf } from './types';

// The merge tags a client can insert (marketing/rendering, GET /api/mm/mergeTags): every group
// of spec 3 with its tags; `tag` is the text to insert, e.g. `<% firstName %>`.
export type MergeTagList = ResponseOf<'/api/mm/mergeTags', 'get'>;
export type MergeTagGroup = MergeTagList['groups'][number];
export type MergeTag = MergeTagGroup['tags'][number];

export function listMergeTags(signal?: AbortSignal): Promise<MergeTagList> {
  return call(api.GET('/api/mm/mergeTags', { signal }));
}
