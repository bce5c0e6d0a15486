import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { CampaignRow } from './api';
import { campaignMessages as text } from './messages';

interface CampaignRowActionsProps {
  campaign: CampaignRow;
  shown: string;
  onPause: () => void;
  onResume: () => void;
  onDelete: () => void;
}

/** A row's other actions in a menu at its end (UI.md), so the row fits from 1024 px wide. */
export function CampaignRowActions({ campaign, shown, onPause, onResume, onDelete }: CampaignRowActionsProps) {
  const pausable = shown === 'Scheduled' || shown === 'Sending';
  const deletable = shown !== 'Sending';
  if (!pausable && campaign.status !== 'Paused' && !deletable) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={text.rowActions(campaign.name)} data-testid={`campaign-actions-${campaign.id}`}>
          <IconDots size={18} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {pausable ? (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={onPause}>
            {text.pause}
          </Menu.Item>
        ) : null}
        {campaign.status === 'Paused' ? (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={onResume}>
            {text.resume}
          </Menu.Item>
        ) : null}
        {deletable ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {text.delete}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
