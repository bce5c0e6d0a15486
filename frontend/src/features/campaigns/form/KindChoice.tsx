import { SegmentedControl, Stack, Text } from '@mantine/core';
import { campaignKindMessages as text } from '../messages';
import { FORM_KINDS } from './model';

/** Regular, A/B test, RSS feed or Poll; a kind that comes from elsewhere (Workflow…) is only named. */
export function KindChoice({ value, onChange }: { value: string; onChange: (kind: string) => void }) {
  const choosable = (FORM_KINDS as readonly string[]).includes(value);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="campaign-kind-label">
        {text.kind}
      </Text>
      <Text size="xs" c="dimmed" id="campaign-kind-hint">
        {text.kindHint}
      </Text>
      {choosable ? (
        <SegmentedControl
          aria-labelledby="campaign-kind-label"
          aria-describedby="campaign-kind-hint"
          value={value}
          onChange={onChange}
          data={FORM_KINDS.map((kind) => ({ value: kind, label: text.kinds[kind] }))}
          data-testid="campaign-kind"
          w="fit-content"
        />
      ) : (
        <Text size="sm" data-testid="campaign-kind">
          {text.kindOther(value)}
        </Text>
      )}
    </Stack>
  );
}
