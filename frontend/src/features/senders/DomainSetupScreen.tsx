import { Alert, Button, Container, Group, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import { IconAt, IconPlus, IconWorldWww } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BackToCampaigns } from '../../components/BackToCampaigns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { useSession } from '../../lib/session';
import { addDomain as addSenderDomain, deleteDomain, listDomains, type SenderDomain } from './api';
import { senderMessages as text } from './messages';
import { DomainCard } from './DomainCard';
import { TrackingDomainPanel } from './TrackingDomainPanel';
import { useDomainList } from '../../components/domains/useDomainActions';

/** Email Domain Setup (/emailDomainSetupPage): sender domains, their DNS records, and the tracking domain. */
export function DomainSetupScreen() {
  const { status } = useSession();
  const domains = useApiQuery(queryKeys.list('senderDomains'), (signal) => listDomains(signal));
  const invalidate = useInvalidate();
  // A domain's state decides which senders can send, so both lists follow it.
  const changed = () => void invalidate('senderDomains', 'senders');
  const { name, setName, nameError, adding, addDomain, removing, setRemoving, removingBusy, removeDomain } = useDomainList<SenderDomain>({
    add: addSenderDomain,
    remove: (domain) => deleteDomain(domain.id),
    addedMessage: text.domainAdded,
    removedMessage: text.domainDeleted,
    onChanged: changed,
  });

  const items = domains.data?.items ?? [];
  return (
    <Container size="xl" py="md">
      <Stack>
        <BackToCampaigns />
        <PageHeader
          title={text.domainsTitle}
          description={text.domainsIntro}
          actions={
            <Button component={Link} to="/senderList" variant="subtle" leftSection={<IconAt size={16} />}>
              {text.sendersLink}
            </Button>
          }
        />
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
                data-testid="domain-name"
              />
              <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding} disabled={!name.trim()} data-testid="add-domain">
                {text.addDomain}
              </Button>
            </Group>
          </form>
        </FeatureGate>
        {domains.error && <Alert color="red">{domains.error}</Alert>}
        {domains.loading && !domains.data && (
          <Stack>
            <Skeleton height={40} />
            <Skeleton height={220} />
          </Stack>
        )}
        {domains.data && items.length === 0 && (
          <Paper withBorder radius="md">
            <EmptyState icon={<IconWorldWww />} title={text.domainsEmpty} description={text.domainsEmptyHint} />
          </Paper>
        )}
        {items.map((domain) => (
          <DomainCard
            key={domain.id}
            domain={domain}
            timeZoneMinutes={status?.timeZoneMinutes ?? 0}
            onChanged={changed}
            onDelete={setRemoving}
          />
        ))}
        {domains.data && (
          <TrackingDomainPanel
            current={domains.data.trackingDomain ?? null}
            pending={domains.data.trackingPending ?? null}
            target={domains.data.trackingCnameTarget}
            onChanged={changed}
          />
        )}
        <ConfirmDialog
          opened={removing !== null}
          title={text.deleteDomainTitle}
          message={removing ? text.deleteDomainConfirm(removing.name) : ''}
          busy={removingBusy}
          onConfirm={() => void removeDomain()}
          onCancel={() => setRemoving(null)}
        />
      </Stack>
    </Container>
  );
}
