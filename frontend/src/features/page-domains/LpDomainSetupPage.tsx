import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconWorldWww } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { OwnSession } from '../../components/OwnSession';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { ApiError } from '../../api/client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { addPageDomain, deletePageDomain, listPageDomains, type PageDomain } from './api';
import { pageDomainMessages as text } from './messages';
import { PageDomainCard } from './PageDomainCard';
import { PageStoragePanel } from './PageStoragePanel';

/** Landing Page Domain Setup (/lpDomainSetupPage): the client's page domains and the pages' storage. */
function LpDomainSetupScreen() {
  const { status } = useSession();
  const timeZoneMinutes = status?.timeZoneMinutes ?? 0;
  const domains = useApiQuery(queryKeys.list('pageDomains'), (signal) => listPageDomains(signal));
  const invalidate = useInvalidate();
  const changed = () => void invalidate('pageDomains');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PageDomain | null>(null);
  const [removingBusy, setRemovingBusy] = useState(false);

  const add = async () => {
    setAdding(true);
    setNameError('');
    try {
      await addPageDomain(name.trim());
      toast('success', text.domainAdded);
      setName('');
      changed();
    } catch (error) {
      if (error instanceof ApiError) setNameError(error.errors.name?.[0] ?? '');
      toastError(error);
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setRemovingBusy(true);
    try {
      await deletePageDomain(removing.id);
      toast('success', text.domainRemoved);
      setRemoving(null);
      changed();
    } catch (error) {
      toastError(error);
    } finally {
      setRemovingBusy(false);
    }
  };

  const items = domains.data?.items ?? [];
  return (
    <Container size="xl" py="md">
      <Stack>
        <PageHeader title={text.title} description={text.intro} />
        <FeatureGate adminOnly disable>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={text.domainName}
                placeholder={text.domainPlaceholder}
                value={name}
                error={nameError || undefined}
                onChange={(event) => setName(event.currentTarget.value)}
                w={360}
                data-testid="page-domain-name"
              />
              <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding} disabled={!name.trim()} data-testid="add-page-domain">
                {text.addDomain}
              </Button>
            </Group>
          </form>
        </FeatureGate>
        {domains.data && (
          <Text size="sm" c="dimmed">
            {text.cnameHint(domains.data.cnameTarget)}
          </Text>
        )}
        {domains.error && <Alert color="red">{domains.error}</Alert>}
        {domains.loading && !domains.data && <Skeleton height={220} />}
        {domains.data && items.length === 0 && (
          <Paper withBorder radius="md">
            <EmptyState icon={<IconWorldWww />} title={text.empty} description={text.emptyHint} />
          </Paper>
        )}
        {items.map((domain) => (
          <PageDomainCard key={domain.id} domain={domain} timeZoneMinutes={timeZoneMinutes} onChanged={changed} onRemove={setRemoving} />
        ))}
        <PageStoragePanel timeZoneMinutes={timeZoneMinutes} />
        <ConfirmDialog
          opened={removing !== null}
          title={text.removeTitle}
          message={removing ? text.removeConfirm(removing.name) : ''}
          busy={removingBusy}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
        />
      </Stack>
    </Container>
  );
}

/** /lpDomainSetupPage is public in spec 2.4, so it asks who is signed in itself. */
export default function LpDomainSetupPage() {
  return (
    <OwnSession>
      <LpDomainSetupScreen />
    </OwnSession>
  );
}
