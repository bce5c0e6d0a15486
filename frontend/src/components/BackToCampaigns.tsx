import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { messages } from '../lib/messages';

/** A full page without the side menu (spec 2.4: Senders, Email Domain Setup) leads back into the app. */
export function BackToCampaigns() {
  return (
    <Anchor component={Link} to={paths.home.href()} size="sm" data-testid="back-to-campaigns">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {messages.backToCampaigns}
      </Group>
    </Anchor>
  );
}
