import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useInvalidate } from '../../../api/query';
import { messages } from '../../../lib/messages';
import type { ImportKind } from './api';
import { ImportsTable } from './ImportsTable';
import { ImportWizard } from './ImportWizard';

/** /ImportSummary and /ImportUnsubscribers: the wizard above the recent imports of its kind. */
export function ImportPage({ kind }: { kind: ImportKind }) {
  const invalidate = useInvalidate();
  return (
    <Stack>
      {kind === 'subscribers' ? (
        <PageHeader title={messages.importSubscribersTitle} description={messages.importSubscribersIntro} />
      ) : (
        <PageHeader title={messages.importUnsubscribersTitle} description={messages.importUnsubscribersIntro} />
      )}
      <ImportWizard kind={kind} onFinished={() => void invalidate('imports', 'profiles', 'groups', 'tags')} />
      <Title order={3}>{messages.recentImports}</Title>
      <ImportsTable kind={kind} />
    </Stack>
  );
}
