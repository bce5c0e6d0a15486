import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import type { DateDraft, Frequency, Unit } from './rule-tree';
import { segmentMessages as text } from './messages';

// Spec 9: dates run from 1700 to 2260.
const minDate = '1700-01-01';
const maxDate = '2260-12-31';

const frequencyLabels: Record<Frequency, string> = {
  last: text.inTheLast,
  next: text.inTheNext,
  before: text.before,
  after: text.after,
  on: text.on,
  between: text.between,
};

const unitOptions: { value: Unit; label: string }[] = [
  { value: 'days', label: text.days },
  { value: 'weeks', label: text.weeks },
  { value: 'months', label: text.months },
];

interface DateConditionInputProps {
  value: DateDraft;
  onChange: (value: DateDraft) => void;
  /** Email activity: "at any time" is a choice, and only the past can be looked at. */
  activity?: boolean;
  /** What the inputs are about, for their accessible names ("Signed up on: Frequency"). */
  label: string;
}

/** Spec 5.1's date rule: a frequency, then what it needs (a unit and an amount, a date, or two). */
export function DateConditionInput({ value, onChange, activity = false, label }: DateConditionInputProps) {
  const frequencies = (Object.keys(frequencyLabels) as Frequency[]).filter((frequency) => !activity || frequency !== 'next');
  const data = [...(activity ? [{ value: 'ever', label: text.anyTime }] : []), ...frequencies.map((frequency) => ({ value: frequency, label: frequencyLabels[frequency] }))];
  const set = (change: Partial<DateDraft>) => onChange({ ...value, ...change });
  const date = (name: 'date' | 'dateFrom' | 'dateTo', inputLabel: string) => (
    <TextInput
      type="date"
      aria-label={`${label}: ${inputLabel}`}
      min={minDate}
      max={maxDate}
      value={value[name]}
      onChange={(event) => set({ [name]: event.currentTarget.value })}
      w={160}
      data-testid={`rule-${name}`}
    />
  );

  return (
    <Group gap="xs" wrap="wrap" align="flex-start">
      <Select
        aria-label={`${label}: ${text.frequency}`}
        placeholder={text.frequency}
        data={data}
        value={value.frequency === '' ? (activity ? 'ever' : null) : value.frequency}
        onChange={(chosen) => set({ frequency: !chosen || chosen === 'ever' ? '' : (chosen as Frequency) })}
        allowDeselect={false}
        w={140}
        data-testid="rule-frequency"
      />
      {(value.frequency === 'last' || value.frequency === 'next') && (
        <>
          <NumberInput
            aria-label={`${label}: ${text.amount}`}
            value={value.amount}
            onChange={(amount) => set({ amount: String(amount) })}
            allowDecimal={false}
            w={90}
            data-testid="rule-amount"
          />
          <Select
            aria-label={`${label}: ${text.unit}`}
            data={unitOptions}
            value={value.unit}
            onChange={(unit) => unit && set({ unit: unit as Unit })}
            allowDeselect={false}
            w={110}
            data-testid="rule-unit"
          />
        </>
      )}
      {(value.frequency === 'before' || value.frequency === 'after' || value.frequency === 'on') && date('date', text.date)}
      {value.frequency === 'between' && (
        <>
          {date('dateFrom', text.dateFrom)}
          {date('dateTo', text.dateTo)}
        </>
      )}
    </Group>
  );
}
