import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
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
      {kind === 'subscribers' ? (
        <PageHeader title={messages.importSubscribersTitle} description={messages.importSubscribersIntro} />
      ) : (
        <PageHeader title={messages.importUnsubscribersTitle} description={messages.importUnsubscribersIntro} />
      )}
      <ImportWizard kind={kind} onFinished={() => setFinishedImports((count) => count + 1)} />
      <Title order={3}>{messages.recentImports}</Title>
      <ImportsTable kind={kind} refreshKey={finishedImports} />
    </Stack>
  );
}
