import { useMemo } from 'react';
import { api, call } from '../../../api/client';
import { queryKeys, useApiQuery } from '../../../api/query';
import { noOptions, type PanelOptions } from './options';

const FIRST = { page: 1, pageSize: 30 } as const;

/**
 * What the side panel's selects offer, through the query cache: the segment builder's fields,
 * groups and tags, and the first 30 templates, senders and segments (newest first).
 */
export function usePanelOptions(): PanelOptions {
  const rules = useApiQuery(queryKeys.detail('segments', 'ruleOptions'), (signal) => call(api.GET('/api/mm/segments/rule-options', { signal })));
  const templates = useApiQuery(queryKeys.list('templates', { ...FIRST, for: 'workflows' }), (signal) =>
    call(api.GET('/api/mm/templates', { params: { query: { ...FIRST, sort: '-updatedAt' } }, signal })),
  );
  const senders = useApiQuery(queryKeys.list('senders', { ...FIRST, for: 'workflows' }), (signal) =>
    call(api.GET('/api/mm/senders', { params: { query: FIRST }, signal })),
  );
  const segments = useApiQuery(queryKeys.list('segments', { ...FIRST, for: 'workflows' }), (signal) =>
    call(api.GET('/api/mm/segments', { params: { query: FIRST }, signal })),
  );
  return useMemo(() => {
    if (!rules.data && !templates.data && !senders.data && !segments.data) return noOptions;
    return {
      templates: (templates.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.name })),
      senders: (senders.data?.items ?? []).map((item) => ({ value: String(item.id), label: `${item.name} <${item.email}>` })),
      segments: (segments.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.name })),
      groups: (rules.data?.groups ?? []).map((item) => ({ value: String(item.id), label: item.name })),
      tags: (rules.data?.tags ?? []).map((item) => ({ value: String(item.id), label: item.name })),
      fields: (rules.data?.fields ?? []).map((item) => ({ value: item.key, label: item.label, type: item.type, operators: item.operators })),
    };
  }, [rules.data, templates.data, senders.data, segments.data]);
}
