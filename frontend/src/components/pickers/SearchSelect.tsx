import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { queryKeys, useApiQuery } from '../../api/query';
import { messages as text } from '../../lib/messages';
import { listDebounceMs } from '../list/page-sizes';
import { PICKER_PAGE, pickerLabel, pickerSearch, type Choice, type PickerSource } from './pickers';

interface Common {
  source: PickerSource;
  label: string;
  /** Choices already known (the panel's first page, names for summaries): shown until the server answers. */
  known: Choice[];
  required?: boolean;
  /** The label said to assistive technology only (a picker inside a row of inputs). */
  labelHidden?: boolean;
  description?: string;
  error?: string;
  testId: string;
}

/** The server's matches for what was typed (debounced), and every label seen so far, by value. */
function useMatches(source: PickerSource, known: Choice[], labels: Map<string, string>, typed: string) {
  const [query] = useDebouncedValue(typed.trim(), listDebounceMs);
  const found = useApiQuery(queryKeys.list(source, { search: query, pageSize: PICKER_PAGE, for: 'picker' }), (signal) => pickerSearch(source, query, signal));
  for (const choice of [...known, ...(found.data ?? [])]) labels.set(choice.value, choice.label);
  const shown = found.data ?? (query ? [] : known.slice(0, PICKER_PAGE));
  return { shown, loading: found.loading, error: found.error };
}

function withChosen(shown: Choice[], chosen: string[], labels: Map<string, string>, fallback: Record<string, string> = {}): Choice[] {
  const missing = chosen.filter((value) => !shown.some((choice) => choice.value === value));
  return [...missing.map((value) => ({ value, label: labels.get(value) ?? fallback[value] ?? `#${value}` })), ...shown];
}

/** One item of a long list (templates, segments, campaigns, forms...): the server searches by name as you type,
 * so a client with 500 of them can pick any; the first PICKER_PAGE show before typing. */
export function SearchSelect({ source, label, known, required, description, error, testId, value, onChange }: Common & { value: string | null; onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState('');
  const labels = useRef(new Map<string, string>()).current;
  // The chosen item's name fills the search box: that is not a new search.
  const typed = value !== null && search === labels.get(value) ? '' : search;
  const { shown, loading, error: failed } = useMatches(source, known, labels, typed);
  const unknown = value !== null && !labels.has(value) && /^\d+$/.test(value);
  const named = useApiQuery(queryKeys.detail(source, value, { for: 'picker' }), (signal) => pickerLabel(source, Number(value), signal), { enabled: unknown });
  const data = withChosen(shown, value ? [value] : [], labels, value && named.data ? { [value]: named.data } : {});
  return (
    <Select
      label={label}
      description={description}
      required={required}
      searchable
      clearable={!required}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={loading ? undefined : text.nothingFound}
      data={data}
      value={value}
      onChange={onChange}
      error={error ?? failed ?? undefined}
      data-testid={testId}
    />
  );
}

/** Several items of a long list (groups, tags, forms), searched on the server like SearchSelect. */
export function SearchMultiSelect({ source, label, labelHidden, known, required, error, testId, value, onChange }: Common & { value: string[]; onChange: (value: string[]) => void }) {
  const [search, setSearch] = useState('');
  const labels = useRef(new Map<string, string>()).current;
  const { shown, loading, error: failed } = useMatches(source, known, labels, search);
  return (
    <MultiSelect
      {...(labelHidden ? { 'aria-label': label, placeholder: label } : { label })}
      required={required}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={loading ? undefined : text.nothingFound}
      data={withChosen(shown, value, labels)}
      value={value}
      onChange={onChange}
      error={error ?? failed ?? undefined}
      data-testid={testId}
    />
  );
}
