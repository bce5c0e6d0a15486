import { DateTimePicker } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { campaignKindMessages as text } from '../messages';
import { zoneLabel, type ClientZone } from './zone';

interface DateTimeFieldProps {
  label: string;
  /** Wall-clock time of the client's zone, "YYYY-MM-DD HH:mm:ss", or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  zone: ClientZone;
  /** The client's today ("YYYY-MM-DD"): earlier days cannot be picked. */
  minDate: string;
  error?: string;
  testId: string;
}

/** A date and time picked in the client's time zone, the zone and its offset shown beside it. */
export function DateTimeField({ label, value, onChange, zone, minDate, error, testId }: DateTimeFieldProps) {
  return (
    <DateTimePicker
      label={label}
      description={text.zoneHint(zoneLabel(zone, value))}
      value={value}
      onChange={(picked) => onChange(picked ? `${picked.slice(0, 16)}:00` : null)}
      valueFormat="YYYY-MM-DD HH:mm"
      minDate={minDate}
      clearable
      clearButtonProps={{ 'aria-label': text.clearDate(label) }}
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      error={error}
      data-testid={testId}
      nextLabel={text.nextMonth}
      previousLabel={text.previousMonth}
      timePickerProps={{ hoursInputLabel: text.hours, minutesInputLabel: text.minutes }}
      submitButtonProps={{ 'aria-label': text.done }}
      popoverProps={{ withinPortal: true }}
      maw={360}
    />
  );
}
