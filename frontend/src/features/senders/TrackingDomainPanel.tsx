import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FeatureGate } from '../../components/FeatureGate';
import { ApiError } from '../../api/client';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { deleteTrackingDomain, saveTrackingDomain, type DomainList } from './api';
import { senderMessages as text } from './messages';
import { Copyable } from '../../components/Copyable';

type TrackingPending = NonNullable<DomainList['trackingPending']>;

export function TrackingDomainPanel({
  current,
  pending,
  target,
  onChanged,
}: {
  current: string | null;
  pending: TrackingPending | null;
  target: string;
  onChanged: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      await saveTrackingDomain(name.trim());
      toast('success', text.trackingSaved);
      setName('');
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.errors.name?.[0] ?? failure.message);
      toastError(failure);
      onChanged(); // a first attempt makes the TXT record to publish
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await deleteTrackingDomain();
      toast('success', text.trackingRemoved);
      onChanged();
    } catch (failure) {
      toastError(failure);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="tracking-domain">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {text.trackingTitle}
        </Title>
        <Text size="sm">{text.trackingIntro(target)}</Text>
        {pending && (
          <Alert color="yellow" title={text.trackingPendingTitle(pending.name)} data-testid="tracking-pending">
            <Stack gap={4}>
              <Text size="sm">{text.trackingPendingIntro}</Text>
              <Copyable value={pending.txtHost} what={text.trackingTxtHost} />
              <Copyable value={pending.txtValue} what={text.trackingTxtValue} />
            </Stack>
          </Alert>
        )}
        <Group gap="xs">
          <Text size="sm" fw={500} data-testid="tracking-current">
            {current ? text.trackingCurrent(current) : text.trackingNone}
          </Text>
          {current && (
            <FeatureGate adminOnly>
              <Button variant="subtle" color="red" size="xs" onClick={() => void remove()}>
                {text.trackingRemove}
              </Button>
            </FeatureGate>
          )}
        </Group>
        <FeatureGate adminOnly disable>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={text.trackingName}
                placeholder={text.trackingPlaceholder}
                value={name}
                error={error || undefined}
                onChange={(event) => setName(event.currentTarget.value)}
                w={360}
                data-testid="tracking-name"
              />
              <Button type="submit" variant="light" loading={busy} disabled={!name.trim()}>
                {text.trackingSave}
              </Button>
            </Group>
          </form>
        </FeatureGate>
      </Stack>
    </Paper>
  );
}
