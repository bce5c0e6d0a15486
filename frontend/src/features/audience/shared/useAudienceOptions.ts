import { useCallback, useEffect, useState } from 'react';
import type { Named, Rep } from './options-api';
import type { ProfileField } from '../fields/api';
import { loadFields, loadGroupOptions, loadReps, loadTagOptions } from './options-api';

export interface AudienceOptions {
  groups: Named[];
  tags: Named[];
  fields: ProfileField[];
  reps: Rep[];
  reload: () => void;
}

type Need = 'groups' | 'tags' | 'fields' | 'reps';

/** Groups, tags, profile fields and reps for selects; each failed list is simply empty. */
export function useAudienceOptions(needs: Need[]): AudienceOptions {
  const [groups, setGroups] = useState<Named[]>([]);
  const [tags, setTags] = useState<Named[]>([]);
  const [fields, setFields] = useState<ProfileField[]>([]);
  const [reps, setReps] = useState<Rep[]>([]);
  const [loads, setLoads] = useState(0);
  const key = needs.join(',');

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const wanted = new Set(key.split(','));
    const quiet = () => undefined;
    if (wanted.has('groups')) loadGroupOptions(signal).then(setGroups, quiet);
    if (wanted.has('tags')) loadTagOptions(signal).then(setTags, quiet);
    if (wanted.has('fields')) loadFields(signal).then(setFields, quiet);
    if (wanted.has('reps')) loadReps(signal).then(setReps, quiet);
    return () => controller.abort();
  }, [key, loads]);

  const reload = useCallback(() => setLoads((value) => value + 1), []);
  return { groups, tags, fields, reps, reload };
}

export function toSelectData(items: Named[]) {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}
