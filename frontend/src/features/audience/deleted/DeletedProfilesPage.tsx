import { Alert, LoadingOverlay, Stack, Tabs } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { queryKeys, useApiQuery, useInvalidate } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ListFooter } from '../../../components/list/ListFooter';
import { useListQuery } from '../../../components/list/useListQuery';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { listProfiles, type ProfileFilterValues, type ProfileSortField } from '../profiles/api';
import { BulkActionBar } from '../profiles/BulkActionBar';
import { ProfileFilters } from '../profiles/ProfileFilters';
import { ProfileTable } from '../profiles/ProfileTable';
import { useSelection } from '../profiles/useSelection';
import { useAudienceOptions } from '../shared/useAudienceOptions';

/** Deleted and archived profiles: the profile list with that status, and bulk Restore. */
export default function DeletedProfilesPage() {
  const { status } = useSession();
  const list = useListQuery<ProfileSortField, ProfileFilterValues>({ sort: '-createdAt', filters: { status: 'deleted' } });
  const profiles = useApiQuery(queryKeys.list('profiles', list.params), (signal) => listProfiles(list.params, signal));
  const invalidate = useInvalidate();
  const options = useAudienceOptions(['groups', 'tags']);
  const { selected, select, clear } = useSelection();
  const tab = list.filters.status === 'archived' ? 'archived' : 'deleted';
  const filtered = Boolean(list.params.search || list.filters.groupId || list.filters.tagId || list.filters.verification);

  return (
    <Stack>
      <PageHeader title={messages.deletedTitle} description={messages.deletedIntro} />
      <Tabs
        value={tab}
        onChange={(value) => {
          clear();
          list.setFilter('status', value === 'archived' ? 'archived' : 'deleted');
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="deleted">{messages.tabDeleted}</Tabs.Tab>
          <Tabs.Tab value="archived">{messages.tabArchived}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ProfileFilters search={list.search} onSearch={list.setSearch} filters={list.filters} onFilter={list.setFilter} groups={options.groups} tags={options.tags} withStatus={false} />
      <BulkActionBar
        selectedIds={[...selected]}
        actions={['restore']}
        onDone={() => {
          clear();
          void invalidate('profiles', 'groups', 'tags');
        }}
      />
      {profiles.error && <Alert color="red">{profiles.error}</Alert>}
      <div style={{ position: 'relative' }}>
        <LoadingOverlay visible={profiles.loading} />
        <ProfileTable rows={profiles.data?.items ?? []} sort={list.sort} onSort={list.toggleSort} selected={selected} onSelect={select} timeZoneMinutes={status?.timeZoneMinutes ?? 0}
          empty={
            profiles.loading ? null : filtered ? (
              <EmptyState icon={<IconArchive />} title={messages.noMatches} description={messages.noMatchesHint} />
            ) : (
              <EmptyState icon={<IconArchive />} title={tab === 'archived' ? messages.archivedEmpty : messages.deletedEmpty} description={messages.deletedEmptyHint} />
            )
          }
        />
      </div>
      <ListFooter answer={profiles.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </Stack>
  );
}
