import { Alert, Badge, Button, Container, Group, MultiSelect, Paper, Skeleton, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue, useWindowEvent } from '@mantine/hooks';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { getUpdatePreferences, searchGroups, updateUpdatePreferences, type GroupChoice, type UpdatePreferences } from '../../api/preferences';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { fillErrors } from '../../lib/form-helper';
import { messages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { updatePreferencesMessages as text } from './messages';

const DEBOUNCE_MS = 700; // spec 9

/** An update-preferences page's settings (spec 2.4 /updatePreferences/:upId): texts, offered groups, unsubscribe-all. */
export default function UpdatePreferencesPage() {
  const { upId } = useParams();
  const id = Number(upId);
  const valid = Number.isInteger(id) && id > 0;
  const loaded = useApiQuery(queryKeys.detail('updatePreferences', upId ?? null), (signal) => (valid ? getUpdatePreferences(id, signal) : Promise.reject(new Error(messages.invalidRequest))), { fresh: true, keepPrevious: false });

  return (
    <Container size="md" py="md">
      <Stack>
        <PageHeader
          title={text.title}
          description={text.intro}
          actions={
            <Button component={Link} to="/updatePreferencesList" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {text.backToList}
            </Button>
          }
        />
        {loaded.error && <Alert color="red">{loaded.error}</Alert>}
        {loaded.data ? <SettingsForm key={loaded.data.id} page={loaded.data} /> : !loaded.error && <Skeleton height={420} />}
      </Stack>
    </Container>
  );
}

function SettingsForm({ page }: { page: UpdatePreferences }) {
  const initial = {
    name: page.name,
    heading: page.heading,
    intro: page.intro,
    groupIds: page.groups.map((group) => String(group.id)),
    offerUnsubscribeAll: page.offerUnsubscribeAll,
  };
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [known, setKnown] = useState<GroupChoice[]>(page.groups);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  const dirty = JSON.stringify(values) !== saved;
  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });

  useEffect(() => {
    const controller = new AbortController();
    searchGroups(debounced, controller.signal)
      .then((found) => setKnown((current) => [...current, ...found.filter((group) => !current.some((item) => item.id === group.id))]))
      .catch(() => undefined); // the picker keeps what it has
    return () => controller.abort();
  }, [debounced]);

  const options = useMemo(
    () => [...known].sort((a, b) => a.name.localeCompare(b.name)).map((group) => ({ value: String(group.id), label: group.name })),
    [known],
  );
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const missing = {
      name: fillErrors([{ label: text.name, value: values.name }])[0],
      heading: fillErrors([{ label: text.heading, value: values.heading }])[0],
      groupIds: fillErrors([{ label: text.groups, value: values.groupIds }])[0],
    };
    const found = Object.fromEntries(Object.entries(missing).filter(([, message]) => message)) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`up-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await updateUpdatePreferences(page.id, { ...values, groupIds: values.groupIds.map(Number) });
      setSaved(JSON.stringify(values));
      toast('success', text.saved);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]])));
      } else {
        toastError(error);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="lg">
      <form onSubmit={save} noValidate>
        <Stack>
          <Group justify="space-between" align="flex-end">
            <TextInput id="up-name" label={text.name} required value={values.name} error={errors.name} onChange={(event) => set('name', event.currentTarget.value)} w={360} maxLength={100} />
            <Group gap="xs">
              {page.isDefault && (
                <Badge color="blue" variant="light">
                  {text.isDefault}
                </Badge>
              )}
              <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
                {messages.save}
              </Button>
            </Group>
          </Group>
          <TextInput id="up-heading" label={text.heading} required value={values.heading} error={errors.heading} onChange={(event) => set('heading', event.currentTarget.value)} maxLength={200} />
          <Textarea id="up-intro" label={text.introText} value={values.intro} error={errors.intro} onChange={(event) => set('intro', event.currentTarget.value)} autosize minRows={2} maxLength={1000} />
          <MultiSelect
            id="up-groupIds"
            label={text.groups}
            description={text.groupsHint}
            required
            searchable
            placeholder={text.groupsSearch}
            data={options}
            value={values.groupIds}
            onChange={(value) => set('groupIds', value)}
            searchValue={search}
            onSearchChange={setSearch}
            error={errors.groupIds}
            nothingFoundMessage={messages.noRecords}
          />
          <Switch label={text.offerUnsubscribeAll} checked={values.offerUnsubscribeAll} onChange={(event) => set('offerUnsubscribeAll', event.currentTarget.checked)} />
        </Stack>
      </form>
    </Paper>
  );
}
