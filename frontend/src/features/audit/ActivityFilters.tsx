import { Button, Group, Select, TextInput } from '@mantine/core';
import { objectTypeLabels } from './activity-format';
import type { ActivityFilterValues, ActivityPerson, ObjectType } from './api';
import { activityMessages as text } from './messages';

const objectTypeOptions = (Object.entries(objectTypeLabels) as [ObjectType, string][]).map(([value, label]) => ({ value, label }));

interface ActivityFiltersProps {
  filters: ActivityFilterValues;
  onFilter: <K extends keyof ActivityFilterValues>(name: K, value: ActivityFilterValues[K] | undefined) => void;
  onClear: () => void;
  people: ActivityPerson[];
  timeZone: string;
}

/** Person, object type and a range of whole days in the client's time zone. */
export function ActivityFilters({ filters, onFilter, onClear, people, timeZone }: ActivityFiltersProps) {
  const zone = timeZone ? ` (${timeZone})` : '';
  const any = Object.values(filters).some(Boolean);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={text.person}
        placeholder={text.everyone}
        data={people.map((person) => ({ value: String(person.id), label: person.email }))}
        value={filters.actorId ?? null}
        onChange={(value) => onFilter('actorId', value ?? undefined)}
        clearable
        searchable
        w={240}
        data-testid="activity-person"
      />
      <Select
        label={text.objectType}
        placeholder={text.everything}
        data={objectTypeOptions}
        value={filters.objectType ?? null}
        onChange={(value) => onFilter('objectType', objectTypeOptions.find((option) => option.value === value)?.value)}
        clearable
        w={200}
        data-testid="activity-object-type"
      />
      <TextInput
        type="date"
        label={`${text.from}${zone}`}
        value={filters.dateFrom ?? ''}
        max={filters.dateTo}
        onChange={(event) => onFilter('dateFrom', event.currentTarget.value || undefined)}
        w={200}
        data-testid="activity-date-from"
      />
      <TextInput
        type="date"
        label={`${text.to}${zone}`}
        value={filters.dateTo ?? ''}
        min={filters.dateFrom}
        onChange={(event) => onFilter('dateTo', event.currentTarget.value || undefined)}
        w={200}
        data-testid="activity-date-to"
      />
      {any && (
        <Button variant="subtle" onClick={onClear} data-testid="activity-clear-filters">
          {text.clearFilters}
        </Button>
      )}
    </Group>
  );
}
