import { useMemo } from 'react';
import { queryKeys, useApiQuery } from '../../api/query';
import { pickerSearch, type Choice } from '../../components/pickers/pickers';
import type { Definition, FormFieldChoice } from './api';
import type { PreviewContext } from './preview-context';

const byId = (choices: Choice[] | null): Record<number, string> => Object.fromEntries((choices ?? []).map((choice) => [Number(choice.value), choice.label]));

/** The preview's choices: the registry's options of each field, and the names of the groups and tags the pickers' first page holds. */
export function usePreviewContext(fields: FormFieldChoice[], definition: Definition): PreviewContext {
  const wantsGroups = definition.groups.choices.length > 0;
  const wantsTags = definition.tags.choices.length > 0;
  const groups = useApiQuery(queryKeys.list('groups', { for: 'formPreview' }), (signal) => pickerSearch('groups', '', signal), { enabled: wantsGroups });
  const tags = useApiQuery(queryKeys.list('tags', { for: 'formPreview' }), (signal) => pickerSearch('tags', '', signal), { enabled: wantsTags });
  return useMemo(
    () => ({
      options: Object.fromEntries(fields.map((field) => [field.key, field.options])),
      groups: byId(groups.data),
      tags: byId(tags.data),
    }),
    [fields, groups.data, tags.data],
  );
}
