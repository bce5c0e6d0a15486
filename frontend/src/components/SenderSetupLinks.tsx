import { Anchor, Button, Group } from '@mantine/core';
import { IconAt, IconWorldWww } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { messages } from '../lib/messages';

/** Where a verified sender is set up: Senders and Sender domains, as a page header's subtle
 * actions (UI.md's ways forward: a screen needing a sender links to where it is made). */
export function SenderSetupButtons() {
  return (
    <>
      <Button component={Link} to={paths.senders.href()} variant="subtle" leftSection={<IconAt size={16} aria-hidden />} data-testid="senders-link">
        {messages.sendersLink}
      </Button>
      <Button component={Link} to={paths.senderDomains.href()} variant="subtle" leftSection={<IconWorldWww size={16} aria-hidden />} data-testid="sender-domains-link">
        {messages.senderDomainsLink}
      </Button>
    </>
  );
}

/** The same two links inline, after a sentence saying what is needed. */
export function SenderSetupAnchors() {
  return (
    <Group gap="xs" component="span" display="inline-flex">
      <Anchor component={Link} to={paths.senders.href()} size="sm" data-testid="senders-link">
        {messages.sendersLink}
      </Anchor>
      <Anchor component={Link} to={paths.senderDomains.href()} size="sm" data-testid="sender-domains-link">
        {messages.senderDomainsLink}
      </Anchor>
    </Group>
  );
}
