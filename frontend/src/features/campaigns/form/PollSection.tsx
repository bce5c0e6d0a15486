import { Text } from '@mantine/core';
import { campaignKindMessages as text } from '../messages';
import { DateTimeField } from './DateTimeField';
import { Section } from './Section';
import type { ClientZone } from './zone';

interface PollSectionProps {
  value: string | null;
  onChange: (value: string | null) => void;
  zone: ClientZone;
  minDate: string;
  error?: string;
}

/** Spec 4/5.3's poll: its expiry, after now and after the schedule. */
export function PollSection({ value, onChange, zone, minDate, error }: PollSectionProps) {
  return (
    <Section title={text.pollTitle} testId="campaign-poll">
      <DateTimeField label={text.pollExpiry} value={value} onChange={onChange} zone={zone} minDate={minDate} error={error} testId="campaign-poll-expiry" />
      <Text size="sm" c="dimmed">
        {text.pollHint}
      </Text>
    </Section>
  );
}
