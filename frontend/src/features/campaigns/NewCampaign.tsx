import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useInvalidate } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { toastError } from '../../lib/toast-error';
import { createCampaign, type CampaignChanges } from './api';
import type { Choices } from './form/CampaignEditor';
import { KindChoice } from './form/KindChoice';
import { campaignMessages as text, campaignRules as rule } from './messages';

const id = (value: string | null) => (value === null ? null : Number(value));

/** The first step of Create Campaign: its name, type and kind; the whole form opens once it is saved. */
export function NewCampaign({ types, initialKind }: { types: Choices['types']; initialKind: string }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
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
      void invalidate('campaigns');
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
