import { queryKeys, useApiQuery } from '../../../api/query';
import type { ProfileField } from '../fields/api';
import type { Named, Rep } from './options-api';
import { loadFields, loadGroupOptions, loadReps, loadTagOptions } from './options-api';

export interface AudienceOptions {
  groups: Named[];
  tags: Named[];
  fields: ProfileField[];
  reps: Rep[];
}

type Need = 'groups' | 'tags' | 'fields' | 'reps';

/** Groups, tags, profile fields and reps for selects; each failed list is simply empty. */
export function useAudienceOptions(needs: Need[]): AudienceOptions {
  const wanted = new Set(needs);
  const groups = useApiQuery(queryKeys.list('groups', { options: true }), loadGroupOptions, { enabled: wanted.has('groups') });
  const tags = useApiQuery(queryKeys.list('tags', { options: true }), loadTagOptions, { enabled: wanted.has('tags') });
  const fields = useApiQuery(queryKeys.list('fields', { all: true }), loadFields, { enabled: wanted.has('fields') });
  const reps = useApiQuery(queryKeys.list('reps'), loadReps, { enabled: wanted.has('reps') });
  return { groups: groups.data ?? [], tags: tags.data ?? [], fields: fields.data ?? [], reps: reps.data ?? [] };
}

export function toSelectData(items: Named[]) {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}
