import { Alert, Badge, Button, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash, IconTrophy } from '@tabler/icons-react';
import { campaignKindMessages as text } from '../messages';
import { AB_HOURS_MAX, AB_PERCENT, type Variant, type VariantName } from './model';
import { groupErrors, variantErrors } from './rules';
import { firstError, Section, type FieldsProps } from './Section';

interface AbSectionProps extends FieldsProps {
  templates: { value: string; label: string }[];
  /** The picked winner (A, B or C), '' until one is. */
  winner: string;
}

/** Spec 3/4's A/B test: variants A, B and optional C on the subject or the content, a test share, a winning rule. */
export function AbSection({ form, set, errors, templates, winner }: AbSectionProps) {
  const variants = form.abVariants;
  const change = (name: VariantName, patch: Partial<Variant>) => set('abVariants', variants.map((v) => (v.name === name ? { ...v, ...patch } : v)));
  const others = groupErrors(errors.abVariants);
  return (
    <Section title={text.abTitle} testId="campaign-ab">
      {winner ? (
        <Alert color="green" icon={<IconTrophy aria-hidden />} data-testid="campaign-ab-winner">
          <Group gap="xs">
            <Badge color="green">{text.abWinner(winner)}</Badge>
            <Text size="sm">{text.abWinnerPicked}</Text>
          </Group>
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="ab-test-on-label">
          {text.abTestOn}
        </Text>
        <SegmentedControl
          aria-labelledby="ab-test-on-label"
          value={form.abTestOn}
          onChange={(value) => set('abTestOn', value as typeof form.abTestOn)}
          data={[
            { value: 'subject', label: text.abSubject },
            { value: 'content', label: text.abContent },
          ]}
          data-testid="campaign-ab-test-on"
          w="fit-content"
        />
        {firstError(errors, 'abTestOn') ? (
          <Text c="red" size="sm" role="alert">
            {firstError(errors, 'abTestOn')}
          </Text>
        ) : null}
      </Stack>
      {form.abTestOn
        ? variants.map((variant) => {
            const own = variantErrors(errors.abVariants, variant.name)[0];
            return form.abTestOn === 'subject' ? (
              <TextInput
                key={variant.name}
                label={text.variantSubject(variant.name)}
                value={variant.subject}
                onChange={(e) => change(variant.name, { subject: e.currentTarget.value })}
                error={own}
                data-testid={`campaign-ab-subject-${variant.name}`}
              />
            ) : (
              <Select
                key={variant.name}
                label={text.variantTemplate(variant.name)}
                data={templates}
                value={variant.templateId}
                onChange={(value) => change(variant.name, { templateId: value })}
                searchable
                error={own}
                data-testid={`campaign-ab-template-${variant.name}`}
              />
            );
          })
        : null}
      {others.map((message) => (
        <Text key={message} c="red" size="sm" role="alert">
          {message}
        </Text>
      ))}
      <Group>
        {variants.length < 3 ? (
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => set('abVariants', [...variants, { name: 'C', subject: '', templateId: null }])} data-testid="campaign-ab-add-c">
            {text.addVariantC}
          </Button>
        ) : (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => set('abVariants', variants.slice(0, 2))} data-testid="campaign-ab-remove-c">
            {text.removeVariantC}
          </Button>
        )}
      </Group>
      <NumberInput
        label={text.abPercent}
        description={text.abPercentHint(AB_PERCENT.low, AB_PERCENT.high)}
        value={form.abTestPercent}
        onChange={(value) => set('abTestPercent', typeof value === 'number' ? value : '')}
        min={AB_PERCENT.low}
        max={AB_PERCENT.high}
        allowDecimal={false}
        allowNegative={false}
          clampBehavior="none"
        suffix="%"
        error={firstError(errors, 'abTestPercent')}
        data-testid="campaign-ab-percent"
        maw={260}
      />
      <Group align="flex-start" grow maw={560}>
        <Select
          label={text.abWinnerRule}
          data={[
            { value: 'opens', label: text.abOpens },
            { value: 'clicks', label: text.abClicks },
          ]}
          value={form.abWinnerRule || null}
          onChange={(value) => set('abWinnerRule', (value ?? '') as typeof form.abWinnerRule)}
          error={firstError(errors, 'abWinnerRule')}
          data-testid="campaign-ab-rule"
        />
        <NumberInput
          label={text.abAfterHours}
          value={form.abWinnerAfterHours}
          onChange={(value) => set('abWinnerAfterHours', typeof value === 'number' ? value : '')}
          min={1}
          max={AB_HOURS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          data-testid="campaign-ab-hours"
        />
      </Group>
      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
        {text.abExplain}
      </Alert>
    </Section>
  );
}
