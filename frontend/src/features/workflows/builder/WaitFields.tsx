import { MultiSelect, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { workflowMessages as text } from '../messages';
import { asChoices, fromChoices } from './options';
import { text as str, type FieldsProps } from './field-props';

const UNITS = [
  { value: 'minutes', label: 'Minutes' },
  { value: 'hours', label: 'Hours' },
  { value: 'days', label: 'Days' },
  { value: 'weeks', label: 'Weeks' },
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((label, value) => ({ value: String(value), label }));
const MONTH_DAYS = Array.from({ length: 31 }, (_unused, index) => ({ value: String(index + 1), label: String(index + 1) }));

/** A wait: a delay, or until the next of some weekdays or days of the month at a time (a day without a time: 9 AM, spec 9). */
export function WaitFields({ values, set, errors }: FieldsProps) {
  const mode = values.mode === 'until' ? 'until' : 'delay';
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} id="wait-mode-label">
          {text.waitMode}
        </Text>
        <SegmentedControl
          aria-labelledby="wait-mode-label"
          fullWidth
          value={mode}
          onChange={(value) => set('mode', value)}
          data={[
            { value: 'delay', label: text.waitDelay },
            { value: 'until', label: text.waitUntil },
          ]}
        />
      </div>
      {mode === 'delay' ? (
        <>
          <NumberInput label={text.amount} min={0} allowDecimal={false} value={str(values.amount)} onChange={(value) => set('amount', value === '' ? null : Number(value))} error={errors.amount} data-testid="field-amount" />
          <Select label={text.unit} data={UNITS} allowDeselect={false} value={str(values.unit) || 'days'} onChange={(value) => set('unit', value)} data-testid="field-unit" />
        </>
      ) : (
        <>
          <MultiSelect label={text.weekday} data={WEEKDAYS} value={asChoices(values.weekdays)} onChange={(value) => set('weekdays', fromChoices(value))} error={errors.weekdays} />
          <MultiSelect label={text.monthDay} data={MONTH_DAYS} value={asChoices(values.monthDays)} onChange={(value) => set('monthDays', fromChoices(value))} error={errors.monthDays} />
          <TextInput type="time" label={text.time} description={text.dayOnlyHint} value={str(values.time)} onChange={(event) => set('time', event.currentTarget.value)} error={errors.time} />
          <Select
            label={text.zone}
            allowDeselect={false}
            data={[
              { value: 'client', label: text.zoneClient },
              { value: 'profile', label: text.zoneProfile },
            ]}
            value={str(values.zone) || 'client'}
            onChange={(value) => set('zone', value)}
          />
        </>
      )}
    </Stack>
  );
}
