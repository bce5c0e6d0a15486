import { MultiSelect, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { workflowMessages as text } from '../messages';
import { asChoices, fromChoices } from './options';
import { text as str, type FieldsProps } from './field-props';

const UNITS = ['minutes', 'hours', 'days', 'weeks', 'months'].map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((label, value) => ({ value: String(value), label }));
const MONTH_DAYS = Array.from({ length: 31 }, (_unused, index) => ({ value: String(index + 1), label: String(index + 1) }));

type Delay = { amount?: number | null; unit?: string | null };
type Until = { weekdays?: number[]; monthDays?: number[]; time?: string; zone?: string };

/** A wait: a delay, or until the next of some weekdays or days of the month at a time (a day without a time: 9 AM, spec 9). */
export function WaitFields({ values, setAll, errors }: FieldsProps) {
  const until = values.until as Until | undefined;
  const delay = (values.delay as Delay | undefined) ?? {};
  const mode = until ? 'until' : 'delay';
  const setDelay = (change: Delay) => setAll({ delay: { ...delay, ...change } });
  const setUntil = (change: Until) => setAll({ until: { ...until, ...change } });
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
          onChange={(value) => setAll(value === 'until' ? { delay: undefined, until: { zone: 'client' } } : { until: undefined, delay: { amount: 1, unit: 'days' } })}
          data={[
            { value: 'delay', label: text.waitDelay },
            { value: 'until', label: text.waitUntil },
          ]}
        />
      </div>
      {mode === 'delay' ? (
        <>
          <NumberInput
            label={text.amount}
            required
            min={0}
            allowDecimal={false}
            value={str(delay.amount)}
            onChange={(value) => setDelay({ amount: value === '' ? null : Number(value) })}
            error={errors['delay.amount'] ?? errors.delay}
            data-testid="field-delay-amount"
          />
          <Select label={text.unit} data={UNITS} allowDeselect={false} value={str(delay.unit) || 'days'} onChange={(value) => setDelay({ unit: value })} data-testid="field-delay-unit" />
        </>
      ) : (
        <>
          <MultiSelect label={text.weekday} data={WEEKDAYS} value={asChoices(until?.weekdays)} onChange={(value) => setUntil({ weekdays: fromChoices(value) })} error={errors['until.weekdays'] ?? errors.delay} />
          <MultiSelect label={text.monthDay} data={MONTH_DAYS} value={asChoices(until?.monthDays)} onChange={(value) => setUntil({ monthDays: fromChoices(value) })} error={errors['until.monthDays']} />
          <TextInput type="time" label={text.time} description={text.dayOnlyHint} value={str(until?.time)} onChange={(event) => setUntil({ time: event.currentTarget.value })} error={errors['until.time']} />
          <Select
            label={text.zone}
            allowDeselect={false}
            data={[
              { value: 'client', label: text.zoneClient },
              { value: 'profile', label: text.zoneProfile },
            ]}
            value={str(until?.zone) || 'client'}
            onChange={(value) => setUntil({ zone: value ?? 'client' })}
          />
        </>
      )}
    </Stack>
  );
}
