import { Group, Select, TextInput } from '@mantine/core';
import { statusLooks } from '../../../config/statuses';
import { messages } from '../../../lib/messages';
import type { Named } from '../shared/options-api';
import { toSelectData } from '../shared/useAudienceOptions';
import type { ProfileFilterValues, ProfileStatus, VerificationStatus } from './api';

export const statusOptions: { value: ProfileStatus; label: string }[] = [
  { value: 'active', label: messages.statusActive },
  { value: 'archived', label: messages.statusArchived },
  { value: 'deleted', label: messages.statusDeleted },
  { value: 'unsubscribed', label: messages.statusUnsubscribed },
  { value: 'csb', label: messages.statusCsb },
];

const verificationOptions = Object.entries(statusLooks.verification).map(([value, look]) => ({
  value: value as VerificationStatus,
  label: look.label,
}));

/** The option a select chose, typed as its list's values. */
function chosen<T extends string>(options: { value: T }[], value: string | null): T | undefined {
  return options.find((option) => option.value === value)?.value;
}

interface ProfileFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  filters: ProfileFilterValues;
  onFilter: <K extends keyof ProfileFilterValues>(name: K, value: ProfileFilterValues[K]) => void;
  groups: Named[];
  tags: Named[];
  withStatus?: boolean;
}

export function ProfileFilters({ search, onSearch, filters, onFilter, groups, tags, withStatus = true }: ProfileFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={messages.search}
        placeholder={messages.searchProfiles}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={260}
        data-testid="profile-search"
      />
      <Select label={messages.filterGroup} placeholder={messages.all} data={toSelectData(groups)} value={filters.groupId ?? null} onChange={(value) => onFilter('groupId', value ?? undefined)} clearable searchable w={180} />
      <Select label={messages.filterTag} placeholder={messages.all} data={toSelectData(tags)} value={filters.tagId ?? null} onChange={(value) => onFilter('tagId', value ?? undefined)} clearable searchable w={180} />
      {withStatus && (
        <Select label={messages.filterStatus} placeholder={messages.statusActive} data={statusOptions} value={filters.status ?? null} onChange={(value) => onFilter('status', chosen(statusOptions, value))} clearable w={160} />
      )}
      <Select label={messages.filterVerification} placeholder={messages.all} data={verificationOptions} value={filters.verification ?? null} onChange={(value) => onFilter('verification', chosen(verificationOptions, value))} clearable w={160} />
    </Group>
  );
}
