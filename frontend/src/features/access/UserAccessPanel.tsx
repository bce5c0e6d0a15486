import { Button, Modal, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { updateAccessControl } from '../../api/access-control';
import { toast } from '../../lib/toast';
import { FeatureGate } from '../../components/FeatureGate';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';

// The actions admins may open to the User role (spec 6), with the labels the product shows.
export const delegableActions = [
  { actionType: 'enableDisclaimerSection', label: 'Enable disclaimer section in forms' },
  { actionType: 'enableOptOuts', label: 'Enable opt-outs' },
  { actionType: 'deleteProfiles', label: 'Delete profiles' },
  { actionType: 'exportProfiles', label: 'Export profiles' },
  { actionType: 'manageProfileFields', label: 'Manage profile fields' },
  { actionType: 'manageDomains', label: 'Manage domains' },
  { actionType: 'manageSenders', label: 'Manage senders' },
] as const;

/** Admins enable or disable actions for users; users see the entry greyed out. */
export function UserAccessPanel() {
  const { access } = useSession();
  const [opened, setOpened] = useState(false);
  const [enabled, setEnabled] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      (access?.accessControlList ?? []).map((entry) => [entry.actionType, entry.users.includes('USER')]),
    ),
  );

  const toggle = async (actionType: string, userAccess: boolean) => {
    try {
      const answer = await updateAccessControl({ action: actionType, userAccess });
      if (answer.success !== 1) throw new Error(answer.message);
      setEnabled((current) => ({ ...current, [actionType]: userAccess }));
      toast('success', answer.message);
    } catch {
      toast('error', messages.accessUpdateFailed);
    }
  };

  return (
    <>
      <FeatureGate adminOnly disable>
        <Button variant="subtle" size="xs" onClick={() => setOpened(true)} data-testid="user-access-open">
          {messages.userAccessTitle}
        </Button>
      </FeatureGate>
      <Modal opened={opened} onClose={() => setOpened(false)} title={messages.userAccessTitle}>
        <Stack>
          {delegableActions.map(({ actionType, label }) => (
            <Switch
              key={actionType}
              label={label}
              checked={enabled[actionType] ?? false}
              onChange={(event) => void toggle(actionType, event.currentTarget.checked)}
              data-testid={`user-access-${actionType}`}
            />
          ))}
        </Stack>
      </Modal>
    </>
  );
}
