import { Checkbox, Radio, Stack } from '@mantine/core';
import type { OptOutPage } from '../../api/opt-out';
import { optOutMessages as text } from './messages';

interface OptOutChoicesProps {
  page: OptOutPage;
  reason: string;
  onReason: (reason: string) => void;
  groupIds: number[];
  onGroups: (ids: number[]) => void;
}

/** The opt-out form's reasons (one, optional) and the groups the person may leave instead of every email. */
export function OptOutChoices({ page, reason, onReason, groupIds, onGroups }: OptOutChoicesProps) {
  return (
    <>
      {page.reasons.length > 0 && (
        <Radio.Group label={text.reasonLegend} value={reason} onChange={onReason} classNames={{ label: 'mc-label' }} data-testid="optout-reasons">
          <Stack gap={6} mt="xs">
            {page.reasons.map((item) => (
              <Radio key={item} value={item} label={item} className="mc-radio" />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {page.groups.length > 0 && (
        <Checkbox.Group label={text.groupsLegend} value={groupIds.map(String)} onChange={(ids) => onGroups(ids.map(Number))} classNames={{ label: 'mc-label' }} className="mc-choices" data-testid="optout-groups">
          <Stack gap={6} mt="xs">
            {page.groups.map((group) => (
              <Checkbox key={group.id} value={String(group.id)} label={group.name} className="mc-checkbox" />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </>
  );
}
