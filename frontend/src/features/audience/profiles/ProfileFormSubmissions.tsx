import { Divider, Table, Text } from '@mantine/core';
import { queryKeys, useApiQuery } from '../../../api/query';
import { messages } from '../../../lib/messages';
import { listProfileFormSubmissions } from './api';
import { answeredTime } from './answered-time';

/** The profile's history of form submissions: the latest ten, each with its form and page. */
export function ProfileFormSubmissions({ profileId }: { profileId: number }) {
  const history = useApiQuery(queryKeys.detail('profiles', profileId, { formSubmissions: true }), (signal) => listProfileFormSubmissions(profileId, signal));
  const items = history.data?.items;
  if (!items) return null;
  return (
    <div data-testid="profile-form-submissions">
      <Divider label={messages.profileFormsTitle} labelPosition="left" mb="xs" mt="md" />
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages.profileFormsEmpty}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.profileFormWhen}</Table.Th>
              <Table.Th>{messages.profileFormName}</Table.Th>
              <Table.Th>{messages.profileFormPage}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{answeredTime(item.createdAt)}</Table.Td>
                <Table.Td>{item.formName}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.sourcePage}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
