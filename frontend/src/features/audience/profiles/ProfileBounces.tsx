import { Divider, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { bounceReasonLabel, messages } from '../../../lib/messages';
import { listProfileBounces, type ProfileBounce } from './api';
import { answeredTime } from './answered-time';

/** The profile's history of bounces and complaints, each with its reason. */
export function ProfileBounces({ profileId }: { profileId: number }) {
  const [items, setItems] = useState<ProfileBounce[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listProfileBounces(profileId, controller.signal)
      .then((answer) => setItems(answer.items))
      .catch(() => setItems(null));
    return () => controller.abort();
  }, [profileId]);

  if (items === null) return null;
  return (
    <div data-testid="profile-bounces">
      <Divider label={messages.profileBouncesTitle} labelPosition="left" mb="xs" />
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages.profileBouncesEmpty}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.profileBounceWhen}</Table.Th>
              <Table.Th>{messages.profileBounceMessage}</Table.Th>
              <Table.Th>{messages.profileBounceReason}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={`${item.at}-${index}`}>
                <Table.Td>{answeredTime(item.at)}</Table.Td>
                <Table.Td>{item.subject}</Table.Td>
                <Table.Td title={item.detail}>
                  {bounceReasonLabel(item.reason)}
                  {item.status ? ` (${item.status})` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
