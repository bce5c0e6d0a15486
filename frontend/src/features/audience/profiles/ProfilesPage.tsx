import { Alert, Button, LoadingOverlay, Stack } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { queryKeys, useApiQuery, useInvalidate } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { ListFooter } from '../../../components/list/ListFooter';
import { useListQuery } from '../../../components/list/useListQuery';
import { messages } from '../../../lib/messages';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session';
import { useAudienceOptions } from '../shared/useAudienceOptions';
import { listProfiles, type Profile, type ProfileFilterValues, type ProfileSortField } from './api';
import { BulkActionBar } from './BulkActionBar';
import { listBulkActions } from './bulk-actions';
import { ExportButton } from './ExportButton';
import { ProfileDrawer } from './ProfileDrawer';
import { ProfileFilters } from './ProfileFilters';
import { ProfileTable } from './ProfileTable';
import { useSelection } from './useSelection';

const noFilters: ProfileFilterValues = {};

export default function ProfilesPage() {
  const { status } = useSession();
  const list = useListQuery<ProfileSortField, ProfileFilterValues>({ sort: '-createdAt', filters: noFilters });
  const profiles = useApiQuery(queryKeys.list('profiles', list.params), (signal) => listProfiles(list.params, signal));
  const invalidate = useInvalidate();
  const options = useAudienceOptions(['groups', 'tags', 'fields', 'reps']);
  const { selected, select, clear } = useSelection();
  const [drawer, setDrawer] = useState<{ opened: boolean; profile: Profile | null }>({ opened: false, profile: null });

  const afterChange = () => {
    clear();
    void invalidate('profiles', 'groups', 'tags');
  };
  const { groupId, tagId, status: profileStatus, verification } = list.filters;
  const openNew = () => setDrawer({ opened: true, profile: null });
  const filtered = Boolean(list.params.search || groupId || tagId || profileStatus || verification);

  return (
    <Stack>
      <PageHeader
        title={messages.profilesTitle}
        description={messages.profilesIntro}
        actions={
          <>
            <ExportButton filters={{ search: list.params.search, groupId, tagId, status: profileStatus, verification }} />
            <Button leftSection={<IconPlus size={16} />} onClick={openNew} data-testid="add-profile">
              {messages.addProfile}
            </Button>
          </>
        }
      />
      <ProfileFilters search={list.search} onSearch={list.setSearch} filters={list.filters} onFilter={list.setFilter} groups={options.groups} tags={options.tags} />
      <BulkActionBar selectedIds={[...selected]} actions={listBulkActions} groups={options.groups} tags={options.tags} onDone={afterChange} />
      {profiles.error && <Alert color="red">{profiles.error}</Alert>}
      <div style={{ position: 'relative' }}>
        <LoadingOverlay visible={profiles.loading} />
        <ProfileTable
          rows={profiles.data?.items ?? []}
          sort={list.sort}
          onSort={list.toggleSort}
          selected={selected}
          onSelect={select}
          onOpen={(profile) => setDrawer({ opened: true, profile })}
          timeZoneMinutes={status?.timeZoneMinutes ?? 0}
          empty={
            profiles.loading ? null : filtered ? (
              <EmptyState icon={<IconUsers />} title={messages.noMatches} description={messages.noMatchesHint} />
            ) : (
              <EmptyState
                icon={<IconUsers />}
                title={messages.profilesEmpty}
                description={messages.profilesEmptyHint}
                action={
                  <Button onClick={openNew}>
                    {messages.addProfile}
                  </Button>
                }
              />
            )
          }
        />
      </div>
      <ListFooter answer={profiles.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <ProfileDrawer
        opened={drawer.opened}
        profile={drawer.profile}
        groups={options.groups}
        tags={options.tags}
        fields={options.fields}
        reps={options.reps}
        onClose={() => setDrawer({ opened: false, profile: null })}
        onSaved={() => {
          setDrawer({ opened: false, profile: null });
          void invalidate('profiles', 'groups', 'tags');
        }}
      />
    </Stack>
  );
}
