import { Group, NumberInput, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { workflowMessages as text } from '../messages';
import type { FieldErrors, TimeUnit, WorkflowSettings } from './rules';

export const TABS = ['System', 'Default', 'Rep Notifications', 'Sequence', 'Custom'] as const;
export type Tab = (typeof TABS)[number];
export type ReEntry = 'never' | 'afterCompletion' | 'always';

/** The workflow's own fields, as the builder edits them (saved with the definition). */
export interface WorkflowMetaState {
  name: string;
  description: string;
  tab: Tab;
  reEntry: ReEntry;
  settings: WorkflowSettings;
}

const UNITS = ['hours', 'days', 'weeks', 'months'].map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));

interface WorkflowDetailsProps {
  meta: WorkflowMetaState;
  onChange: (meta: WorkflowMetaState) => void;
  errors: FieldErrors;
}

/** The side panel when no node is selected: name, description, tab, re-entry and the workflow settings. */
export function WorkflowDetails({ meta, onChange, errors }: WorkflowDetailsProps) {
  const set = (change: Partial<WorkflowMetaState>) => onChange({ ...meta, ...change });
  const settings = meta.settings;
  const setSettings = (change: Partial<WorkflowSettings>) => set({ settings: { ...settings, ...change } });
  const window = settings.sendWindow ?? {};
  const setWindow = (change: { fromTime?: string; toTime?: string }) => setSettings({ sendWindow: { ...window, ...change } });
  const most = settings.maxDelay;
  return (
    <Stack gap="sm" component="section" aria-labelledby="workflow-details-title" data-testid="workflow-details">
      <Title order={2} size="h5" id="workflow-details-title">
        {text.details}
      </Title>
      <TextInput label={text.name} required maxLength={100} value={meta.name} onChange={(event) => set({ name: event.currentTarget.value })} error={errors.name} data-testid="workflow-name" />
      <Textarea label={text.description} required autosize minRows={2} maxLength={2000} value={meta.description} onChange={(event) => set({ description: event.currentTarget.value })} error={errors.description} data-testid="workflow-description" />
      <Select label={text.tab} data={[...TABS]} allowDeselect={false} value={meta.tab} onChange={(value) => value && set({ tab: value as Tab })} data-testid="workflow-tab" />
      <Select
        label={text.reEntry}
        allowDeselect={false}
        data={Object.entries(text.reEntryOptions).map(([value, label]) => ({ value, label }))}
        value={meta.reEntry}
        onChange={(value) => value && set({ reEntry: value as ReEntry })}
        data-testid="workflow-reentry"
      />
      <Title order={3} size="h6" mt="xs">
        {text.settings}
      </Title>
      <Group grow gap="xs" align="flex-start">
        <TextInput type="time" label={text.sendFrom} value={window.fromTime ?? ''} onChange={(event) => setWindow({ fromTime: event.currentTarget.value })} error={errors.fromTime} data-testid="workflow-from-time" />
        <TextInput type="time" label={text.sendTo} value={window.toTime ?? ''} onChange={(event) => setWindow({ toTime: event.currentTarget.value })} error={errors.toTime} data-testid="workflow-to-time" />
      </Group>
      <Group grow gap="xs" align="flex-start">
        <NumberInput
          label={text.longestDelay}
          min={1}
          allowDecimal={false}
          value={most?.amount ?? ''}
          onChange={(value) => setSettings({ maxDelay: value === '' ? null : { amount: Number(value), unit: most?.unit ?? 'days' } })}
          data-testid="workflow-max-delay"
        />
        <Select
          label={text.unit}
          data={UNITS}
          allowDeselect={false}
          disabled={!most}
          value={most?.unit ?? 'days'}
          onChange={(value) => most && setSettings({ maxDelay: { ...most, unit: (value ?? 'days') as TimeUnit } })}
        />
      </Group>
      <Select
        label={text.zone}
        allowDeselect={false}
        data={[
          { value: 'client', label: text.zoneClient },
          { value: 'profile', label: text.zoneProfile },
        ]}
        value={settings.timeZone ?? 'client'}
        onChange={(value) => setSettings({ timeZone: (value ?? 'client') as 'client' | 'profile' })}
      />
    </Stack>
  );
}
