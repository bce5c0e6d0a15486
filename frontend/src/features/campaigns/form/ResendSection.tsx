import { Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { StatusBadge } from '../../../components/StatusBadge';
import { campaignKindMessages as text } from '../messages';
import { RESEND_DAYS, type CampaignForm } from './model';
import { firstError, Section, type FieldsProps } from './Section';

type Prefix = 'resendUnopened' | 'resendUnclicked';

interface ResendSectionProps extends FieldsProps {
  /** Spec 4's resend delivery status codes of each resend (0 not scheduled … 3 failed). */
  statuses: Record<Prefix, number>;
}

/** Spec 3/5.2's resends: to non-openers and to people who opened but did not click, 2–10 days later at a set time. */
export function ResendSection({ form, set, errors, statuses }: ResendSectionProps) {
  const block = (prefix: Prefix, label: string) => {
    const on = form[prefix];
    const key = <S extends 'Days' | 'Time' | 'Subject'>(suffix: S) => `${prefix}${suffix}` as `${Prefix}${S}` & keyof CampaignForm;
    const days = form[key('Days')];
    return (
      <Stack gap="xs" key={prefix}>
        <Group gap="sm">
          <Switch label={label} checked={on} onChange={(e) => set(prefix, e.currentTarget.checked)} data-testid={`campaign-${prefix}`} />
          {statuses[prefix] > 0 ? <StatusBadge family="resend" status={String(statuses[prefix])} /> : null}
        </Group>
        {on ? (
          <Group align="flex-start" grow pl="xl">
            <NumberInput
              label={text.resendDays}
              value={days}
              onChange={(value) => set(key('Days'), typeof value === 'number' ? value : '')}
              min={RESEND_DAYS.low}
              max={RESEND_DAYS.high}
              allowDecimal={false}
              allowNegative={false}
          clampBehavior="none"
              error={firstError(errors, key('Days'))}
              data-testid={`campaign-${prefix}-days`}
            />
            <TimeInput
              label={text.resendTime}
              value={form[key('Time')]}
              onChange={(e) => set(key('Time'), e.currentTarget.value)}
              error={firstError(errors, key('Time'))}
              data-testid={`campaign-${prefix}-time`}
            />
            <TextInput
              label={text.resendSubject}
              description={text.resendSubjectHint}
              value={form[key('Subject')]}
              onChange={(e) => set(key('Subject'), e.currentTarget.value)}
              error={firstError(errors, key('Subject'))}
              data-testid={`campaign-${prefix}-subject`}
            />
          </Group>
        ) : null}
      </Stack>
    );
  };
  return (
    <Section title={text.resendTitle} testId="campaign-resend">
      <Text size="sm" c="dimmed">
        {text.resendIntro}
      </Text>
      {block('resendUnopened', text.resendUnopened)}
      {block('resendUnclicked', text.resendUnclicked)}
    </Section>
  );
}
