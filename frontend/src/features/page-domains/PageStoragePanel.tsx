import { Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FeatureGate } from '../../components/FeatureGate';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { formatClientDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { choosePageStorage, getPageStorage, type PageStorageKind } from './api';
import { pageDomainMessages as text } from './messages';

/** Where published pages are stored: chosen once (spec 9: irreversible), after a warning. */
export function PageStoragePanel({ timeZoneMinutes }: { timeZoneMinutes: number }) {
  const storage = useApiQuery(queryKeys.detail('pageStorage', 'current'), (signal) => getPageStorage(signal));
  const invalidate = useInvalidate();
  const [kind, setKind] = useState<PageStorageKind>('local');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const choose = async () => {
    setBusy(true);
    try {
      await choosePageStorage(kind);
      toast('success', text.storageSaved);
      setConfirming(false);
      void invalidate('pageStorage');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const data = storage.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="page-storage">
      <Stack gap="sm">
        <Group gap="sm">
          <IconDatabase size={20} aria-hidden />
          <Title order={2} size="h3">
            {text.storageTitle}
          </Title>
        </Group>
        <Text size="sm">{text.storageIntro}</Text>
        {!data && <Skeleton height={60} />}
        {data?.chosen && (
          <Text size="sm" fw={500} data-testid="page-storage-chosen">
            {text.storageChosen(text.storageKinds[data.kind], formatClientDateTime(data.chosenAt, timeZoneMinutes))}
          </Text>
        )}
        {data && !data.chosen && (
          <>
            <Text size="sm" c="dimmed">
              {text.storageDefault}
            </Text>
            <FeatureGate adminOnly disable>
              <Stack gap="sm">
                <Radio.Group label={text.storageLabel} value={kind} onChange={(value) => setKind(value as PageStorageKind)}>
                  <Stack gap="xs" mt="xs">
                    {data.kinds.map((option) => (
                      <Radio key={option} value={option} label={text.storageKinds[option]} description={text.storageKindHints[option]} />
                    ))}
                  </Stack>
                </Radio.Group>
                <Group>
                  <Button variant="light" onClick={() => setConfirming(true)} data-testid="choose-storage">
                    {text.storageChoose}
                  </Button>
                </Group>
              </Stack>
            </FeatureGate>
          </>
        )}
        <ConfirmDialog
          opened={confirming}
          title={text.storageConfirmTitle}
          message={text.storageConfirm(text.storageKinds[kind])}
          busy={busy}
          onConfirm={() => void choose()}
          onCancel={() => setConfirming(false)}
        />
      </Stack>
    </Paper>
  );
}
