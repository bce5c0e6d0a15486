import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../lib/messages';
import type { ImportKind } from './api';
import { ImportsTable } from './ImportsTable';
import { ImportWizard } from './ImportWizard';

/** /ImportSummary and /ImportUnsubscribers: the wizard above the recent imports of its kind. */
export function ImportPage({ kind }: { kind: ImportKind }) {
  const [finishedImports, setFinishedImports] = useState(0);
  return (
    <Stack>
      <Title order={1}>{kind === 'subscribers' ? messages.importSubscribersTitle : messages.importUnsubscribersTitle}</Title>
      <ImportWizard kind={kind} onFinished={() => setFinishedImports((count) => count + 1)} />
      <Title order={3}>{messages.recentImports}</Title>
      <ImportsTable kind={kind} refreshKey={finishedImports} />
    </Stack>
  );
}
