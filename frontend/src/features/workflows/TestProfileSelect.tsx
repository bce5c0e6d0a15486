import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { queryKeys, useApiQuery } from '../../api/query';
import { listDebounceMs } from '../../components/list/page-sizes';
import { searchProfiles, type ProfileOption } from './api';
import { workflowMessages as text } from './messages';

function optionLabel(profile: ProfileOption): string {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return name ? `${profile.email} (${name})` : profile.email;
}

interface TestProfileSelectProps {
  value: number | null;
  onChange: (profileId: number | null) => void;
}

/** A searchable choice of the profile to test with: the server searches by email, after typing stops. */
export function TestProfileSelect({ value, onChange }: TestProfileSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ProfileOption | null>(null);
  // The chosen profile's label fills the search box: that is not a new search.
  const typed = chosen && search === optionLabel(chosen) ? '' : search;
  const [query] = useDebouncedValue(typed, listDebounceMs);
  const profiles = useApiQuery(queryKeys.list('profiles', { search: query, pageSize: 20, sort: 'email' }), (signal) => searchProfiles(query, signal));
  const options = profiles.data ?? [];
  const all = [...(chosen && !options.some((profile) => profile.id === chosen.id) ? [chosen] : []), ...options];

  return (
    <Select
      label={text.profile}
      placeholder={text.profileSearch}
      data={all.map((profile) => ({ value: String(profile.id), label: optionLabel(profile) }))}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const profile = all.find((item) => String(item.id) === next) ?? null;
        setChosen(profile);
        onChange(profile ? profile.id : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: every }) => every}
      nothingFoundMessage={profiles.loading ? undefined : text.noProfiles}
      error={profiles.error ?? undefined}
      clearable
      w={360}
      maw="100%"
      data-testid="test-profile"
    />
  );
}
