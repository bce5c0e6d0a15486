import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { messages } from '../../../lib/messages';
import type { ImportKind } from './api';
import { ImportsTable } from './ImportsTable';

const pages = {
  subscribers: { title: messages.importSubscribersTitle, wizard: paths.importSubscribers.href() },
  unsubscribers: { title: messages.importUnsubscribersTitle, wizard: paths.importUnsubscribers.href() },
} as const;

/** /ImportList (subscriber imports) and /optoutimportsummary (unsubscriber imports). */
export function ImportListPage({ kind }: { kind: ImportKind }) {
  const { title, wizard } = pages[kind];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Button component={Link} to={wizard} data-testid="go-to-import">
          {messages.goToImport}
        </Button>
      </Group>
      <ImportsTable kind={kind} />
    </Stack>
  );
}
