import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconWorldWww } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { OwnSession } from '../../components/OwnSession';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { useSession } from '../../lib/session';
import { addPageDomain, deletePageDomain, listPageDomains, type PageDomain } from './api';
import { pageDomainMessages as text } from './messages';
import { PageDomainCard } from './PageDomainCard';
import { PageStoragePanel } from './PageStoragePanel';
import { useDomainList } from '../../components/domains/useDomainActions';

/** Landing Page Domain Setup (/lpDomainSetupPage): the client's page domains and the pages' storage. */
function LpDomainSetupScreen() {
  const { status } = useSession();
  const timeZoneMinutes = status?.timeZoneMinutes ?? 0;
  const domains = useApiQuery(queryKeys.list('pageDomains'), (signal) => listPageDomains(signal));
  const invalidate = useInvalidate();
  const changed = () => void invalidate('pageDomains');
  const { name, setName, nameError, adding, addDomain, removing, setRemoving, removingBusy, removeDomain } = useDomainList<PageDomain>({
    add: addPageDomain,
    remove: (domain) => deletePageDomain(domain.id),
    addedMessage: text.domainAdded,
    removedMessage: text.domainRemoved,
    onChanged: changed,
  });

  const items = domains.data?.items ?? [];
  return (
    <Container size="xl" py="md">
      <Stack>
        <PageHeader title={text.title} description={text.intro} />
        <FeatureGate adminOnly disable>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void addDomain();
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
          onConfirm={() => void removeDomain()}
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
