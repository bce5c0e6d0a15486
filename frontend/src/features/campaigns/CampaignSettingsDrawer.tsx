import { Alert, Drawer, Skeleton, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { canSeeFeature } from '../../components/FeatureGate';
import { DialogActions } from '../../components/DialogActions';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { getCampaignSettings, updateCampaignSettings, type CampaignSettings } from './api';
import { campaignMessages as text } from './messages';

const KEYS = ['emailPreviewText', 'useRepAsSender', 'autoSaveContent', 'viewInBrowser', 'productsMapping'] as const;

interface DrawerProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec 3's global campaign settings. Members read them (they shape the campaign form);
 * admins change them (the API's campaignSettingsUpdate gate). The drawer's body mounts on
 * each opening, so it always shows the settings as saved.
 */
export function CampaignSettingsDrawer({ opened, onClose }: DrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title={text.settingsTitle} position="right" size="md">
      <SettingsBody onClose={onClose} />
    </Drawer>
  );
}

function SettingsBody({ onClose }: Pick<DrawerProps, 'onClose'>) {
  const { access } = useSession();
  const canChange = canSeeFeature(access, undefined, true);
  const settings = useApiQuery(queryKeys.detail('campaignSettings', 'current'), getCampaignSettings, { fresh: true });
  return (
    <Stack data-testid="campaign-settings">
      <Text size="sm" c="dimmed">
        {text.settingsIntro}
      </Text>
      {canChange ? null : (
        <Alert color="gray" icon={<IconLock aria-hidden />}>
          {text.settingsAdminOnly}
        </Alert>
      )}
      {settings.error ? <Alert color="red">{settings.error}</Alert> : null}
      {settings.data ? (
        <SettingsForm settings={settings.data} canChange={canChange} onClose={onClose} />
      ) : settings.error ? null : (
        KEYS.map((key) => <Skeleton key={key} h={44} />)
      )}
    </Stack>
  );
}

function SettingsForm({ settings, canChange, onClose }: { settings: CampaignSettings; canChange: boolean; onClose: () => void }) {
  const form = useForm<CampaignSettings>({ initialValues: settings });
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();
  // Only the switches changed are sent: two admins changing different settings keep both.
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const changed = Object.fromEntries(KEYS.filter((key) => form.isDirty(key)).map((key) => [key, values[key]]));
      await updateCampaignSettings(form.isDirty('postalAddress') ? { ...changed, postalAddress: values.postalAddress } : changed);
      toast('success', text.settingsSaved);
      void invalidate('campaignSettings');
      onClose();
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={save}>
      <Stack>
        {KEYS.map((key) => (
          <Switch
            key={key}
            label={text.settingLabels[key]}
            description={text.settingHints[key] || undefined}
            disabled={!canChange}
            data-testid={`campaign-setting-${key}`}
            {...form.getInputProps(key, { type: 'checkbox' })}
          />
        ))}
        <Textarea
          label={text.postalAddress}
          description={text.postalAddressHint}
          disabled={!canChange}
          rows={3}
          maxLength={500}
          data-testid="campaign-setting-postalAddress"
          {...form.getInputProps('postalAddress')}
        />
        {canChange ? <DialogActions onCancel={onClose} busy={busy} testId="campaign-settings-save" mt="md" /> : null}
      </Stack>
    </form>
  );
}
