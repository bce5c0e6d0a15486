import { Alert, Button, Container, Paper, PasswordInput, Radio, Select, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { LeaveGuard } from '../../components/LeaveGuard';
import { PageHeader } from '../../components/PageHeader';
import { fillErrors } from '../../lib/form-helper';
import { toast } from '../../lib/toast';
import { getClientSettings, saveClientSettings, type ClientSettings } from './api';
import { clientSettingsMessages as text } from './messages';

interface Values {
  timeZone: string;
  captcha: string;
  siteKey: string;
  siteSecret: string;
}

/** Spec 5.1's form helper's message for an empty required value, or null. */
const filled = (label: string, value: string) => fillErrors([{ label, value }])[0] ?? null;

const valuesOf = (settings: ClientSettings): Values => ({ timeZone: settings.timeZone, captcha: settings.captcha, siteKey: settings.siteKey, siteSecret: '' });

/**
 * The client's settings (spec 5.10, admins; beyond spec 2.4's routes): the time zone, and the
 * public forms' robot check, the built-in proof of work or reCAPTCHA with the client's site
 * key and secret (the secret is never shown again once saved). Time zone, site key and site
 * secret cannot be empty: the spec's form helper words them.
 */
export default function ClientSettingsPage() {
  const settings = useApiQuery(queryKeys.detail('clientSettings', 'current'), getClientSettings, { fresh: true });
  return (
    <Container size="sm" py="md">
      <Stack>
        <PageHeader title={text.title} description={text.intro} />
        {settings.error ? (
          <Alert color="red" title={text.loadFailed}>
            {settings.error}
          </Alert>
        ) : !settings.data ? (
          <Skeleton h={320} data-testid="client-settings-loading" />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </Stack>
    </Container>
  );
}

function SettingsForm({ settings }: { settings: ClientSettings }) {
  const invalidate = useInvalidate();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  // Whether a secret is saved: from the last answer (the save's, before the refetch lands).
  const [secretSet, setSecretSet] = useState(settings.siteSecretSet);
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: {
      timeZone: (value) => filled(text.timeZone, value),
      siteKey: (value, values) => (values.captcha === 'recaptcha' ? filled(text.siteKey, value) : null),
      siteSecret: (value, values) => (values.captcha === 'recaptcha' && !secretSet ? filled(text.siteSecret, value) : null),
    },
  });
  useEffect(() => {
    form.setInitialValues(valuesOf(settings));
    setSecretSet(settings.siteSecretSet);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reseeded when the saved settings change, not on every render of the form
  }, [settings]);

  const submit = form.onSubmit(
    async (values) => {
      try {
        const saved = await saveClientSettings(values);
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        setSecretSet(saved.siteSecretSet);
        toast('success', text.saved);
        void invalidate('clientSettings');
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.errors).length) {
          form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, reasons]) => [field, reasons[0]])));
        }
        toast('error', error instanceof Error ? error.message : String(error));
      }
    },
    // UI.md: the first invalid field takes the focus.
    (errors) => document.querySelector<HTMLElement>(`[data-field="${Object.keys(errors)[0]}"]`)?.focus(),
  );
  const recaptcha = form.values.captcha === 'recaptcha';
  return (
    <form onSubmit={submit} noValidate>
      <LeaveGuard isDirty={form.isDirty} />
      <Paper withBorder p="md">
        <Stack>
          <Select
            label={text.timeZone}
            description={text.timeZoneHint}
            data={zones}
            searchable
            required
            data-field="timeZone"
            data-testid="client-time-zone"
            {...form.getInputProps('timeZone')}
          />
          <Radio.Group label={text.captcha} {...form.getInputProps('captcha')} data-testid="client-captcha">
            <Stack gap={6} mt={4}>
              <Radio value="altcha" label={text.altcha} />
              <Radio value="recaptcha" label={text.recaptcha} data-testid="client-recaptcha" />
            </Stack>
          </Radio.Group>
          {recaptcha && (
            <>
              <TextInput label={text.siteKey} required maxLength={200} data-field="siteKey" data-testid="client-site-key" {...form.getInputProps('siteKey')} />
              <PasswordInput
                label={text.siteSecret}
                required={!secretSet}
                placeholder={secretSet ? text.secretSaved : undefined}
                maxLength={500}
                autoComplete="off"
                data-field="siteSecret"
                data-testid="client-site-secret"
                {...form.getInputProps('siteSecret')}
              />
            </>
          )}
          <Button type="submit" loading={form.submitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />} style={{ alignSelf: 'flex-end' }} data-testid="client-settings-save">
            {text.save}
          </Button>
        </Stack>
      </Paper>
    </form>
  );
}
