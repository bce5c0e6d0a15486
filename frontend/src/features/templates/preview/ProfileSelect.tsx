import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { listDebounceMs } from '../../../components/list/page-sizes';
import { queryKeys, useApiQuery } from '../../../api/query';
import { searchProfiles, type ProfileOption } from './api';
import { previewMessages as text } from './messages';

function optionLabel(profile: ProfileOption): string {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return name ? `${profile.email} (${name})` : profile.email;
}

interface ProfileSelectProps {
  value: number | null;
  onChange: (profileId: number | null) => void;
}

/** A searchable choice of one profile: the server searches (by email), 700 ms after typing stops. */
export function ProfileSelect({ value, onChange }: ProfileSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ProfileOption | null>(null);
  // The chosen profile's label fills the search box: that is not a new search.
  const typed = chosen && search === optionLabel(chosen) ? '' : search;
  const [query] = useDebouncedValue(typed, listDebounceMs);
  const profiles = useApiQuery(queryKeys.list('previewProfiles', { query }), (signal) => searchProfiles(query, signal));
  const options = profiles.data ?? [];
  const data = [...(chosen && !options.some((profile) => profile.id === chosen.id) ? [chosen] : []), ...options].map((profile) => ({
    value: String(profile.id),
    label: optionLabel(profile),
  }));

  return (
    <Select
      label={text.profile}
      placeholder={text.profileSearch}
      description={text.profileHint}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const profile = [...options, ...(chosen ? [chosen] : [])].find((item) => String(item.id) === next) ?? null;
        setChosen(profile);
        onChange(profile ? profile.id : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={profiles.loading ? undefined : text.noProfiles}
      error={profiles.error ?? undefined}
      clearable
      w={360}
      maw="100%"
      comboboxProps={{ withinPortal: true }}
      data-testid="preview-profile"
    />
  );
}
