import '@mantine/dates/styles.css';
import { Alert, Anchor, Button, Group, Paper, Select, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { useRemote } from '../../components/list/useRemote';
import { paths } from '../../config/paths';
import { toastError } from '../../lib/toast-error';
import { campaignChoices, createCampaign, getCampaign, getCampaignSettings, type CampaignChanges } from './api';
import { CampaignEditor, type Choices } from './form/CampaignEditor';
import { KindChoice } from './form/KindChoice';
import { FORM_KINDS } from './form/model';
import { campaignMessages as text, campaignRules as rule } from './messages';

const id = (value: string | null) => (value === null ? null : Number(value));

/**
 * Create Campaign (spec 2.4 /createcampaign): the name, type and kind first (?type= from
 * /intermediateRoute's choice), then the whole form of ?id=.
 */
export default function CampaignFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const asked = searchParams.get('type') ?? '';
  const kind = (FORM_KINDS as readonly string[]).includes(asked) ? asked : 'Regular';
  const campaignId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const loaded = useRemote(
    async (signal) => {
      const [choices, settings, campaign] = await Promise.all([
        campaignChoices(signal),
        getCampaignSettings(signal),
        campaignId === null ? null : getCampaign(campaignId, signal),
      ]);
      return { choices, settings, campaign };
    },
    String(campaignId),
  );
  const back = (
    <Anchor component={Link} to={paths.home.href()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {text.backToList}
      </Group>
    </Anchor>
  );
  if (!loaded.data) return <Stack>{back}{loaded.error ? <Alert color="red">{loaded.error}</Alert> : <Skeleton h={300} />}</Stack>;
  const { choices, settings, campaign } = loaded.data;
  return (
    <Stack>
      {back}
      {campaign ? <CampaignEditor key={campaign.id} campaign={campaign} choices={choices} settings={settings} reload={loaded.reload} /> : <NewCampaign key={kind} types={choices.types} initialKind={kind} />}
    </Stack>
  );
}

function NewCampaign({ types, initialKind }: { types: Choices['types']; initialKind: string }) {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: '', kind: initialKind, typeId: types[0]?.value ?? null },
    validate: {
      name: (value) => (value.trim() ? null : rule.nameRequired),
      typeId: (value) => (value === null ? rule.typeRequired : null),
    },
  });
  const [busy, setBusy] = useState(false);
  const create = async ({ name, kind, typeId }: typeof form.values) => {
    setBusy(true);
    try {
      // An A/B campaign is never without its variants A and B (the server's rule on every save).
      const variants = kind === 'AB' ? { abVariants: [{ name: 'A' as const, subject: '' }, { name: 'B' as const, subject: '' }] } : {};
      const created = await createCampaign({ name, campaignTypeId: id(typeId), type: kind as CampaignChanges['type'], ...variants });
      navigate(paths.campaignForm.href(created.id), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [key === 'campaignTypeId' ? 'typeId' : key, messages[0]])));
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  // The first field in error takes the focus (UI.md).
  const refused = (errors: FormErrors) => form.getInputNode(Object.keys(errors)[0])?.focus();
  return (
    <>
      <PageHeader title={text.createCampaign} description={text.newIntro} />
      <Paper withBorder p="md" maw={560}>
        <form onSubmit={form.onSubmit((values) => void create(values), refused)} noValidate>
          <Stack>
            <TextInput label={text.campaignName} {...form.getInputProps('name')} data-testid="campaign-name" />
            <Select label={text.campaignType} description={text.campaignTypeHint} data={types} {...form.getInputProps('typeId')} data-testid="campaign-type" />
            <KindChoice value={form.values.kind} onChange={(kind) => form.setFieldValue('kind', kind)} />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="campaign-create">
                {text.create}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
