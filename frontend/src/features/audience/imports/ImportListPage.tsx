import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { messages } from '../../../lib/messages';
import type { ImportKind } from './api';
import { ImportsTable } from './ImportsTable';

const pages = {
  subscribers: { title: messages.importSubscribersTitle, intro: messages.importSubscribersIntro, wizard: paths.importSubscribers.href() },
  unsubscribers: { title: messages.importUnsubscribersTitle, intro: messages.importUnsubscribersIntro, wizard: paths.importUnsubscribers.href() },
} as const;

/** /ImportList (subscriber imports) and /optoutimportsummary (unsubscriber imports). */
export function ImportListPage({ kind }: { kind: ImportKind }) {
  const { title, intro, wizard } = pages[kind];
  const goToImport = (testId?: string) => (
    <Button component={Link} to={wizard} leftSection={<IconUpload size={16} />} data-testid={testId}>
      {messages.goToImport}
    </Button>
  );
  return <ImportsTable kind={kind} header={{ title, description: intro, actions: goToImport('go-to-import') }} emptyAction={goToImport()} />;
}
