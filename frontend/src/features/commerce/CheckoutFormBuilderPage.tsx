import { Anchor, Button, Checkbox, Group, MultiSelect, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy, IconPlus, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import { SearchMultiSelect } from '../../components/pickers/SearchSelect';
import { href } from '../../config/paths';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { createCheckoutForm, getCheckoutForm, listFieldChoices, listProducts, publishCheckoutForm, saveCheckoutForm, type CheckoutForm, type CheckoutKind } from './api';
import { commerceMessages as text, kinds } from './messages';
import { NewPlanDialog } from './NewPlanDialog';

interface Values {
  name: string;
  title: string;
  description: string;
  layout: 'singlePage' | 'multipleTabs';
  planIds: string[];
  fieldKeys: string[];
  groupIds: string[];
  giftEnabled: boolean;
  collectAddress: boolean;
  buttonLabel: string;
  successMessage: string;
}

const blank: Values = { name: '', title: '', description: '', layout: 'singlePage', planIds: [], fieldKeys: ['firstName', 'lastName'], groupIds: [], giftEnabled: false, collectAddress: false, buttonLabel: '', successMessage: '' };

function valuesOf(form: CheckoutForm): Values {
  return {
    name: form.name,
    title: form.title,
    description: form.description,
    layout: form.layout,
    planIds: form.planIds.map(String),
    fieldKeys: form.fieldKeys,
    groupIds: form.groupIds.map(String),
    giftEnabled: form.giftEnabled,
    collectAddress: form.collectAddress,
    buttonLabel: form.buttonLabel,
    successMessage: form.successMessage,
  };
}

const camelFields: Record<string, keyof Values> = { name: 'name', planIds: 'planIds', groupIds: 'groupIds', fieldKeys: 'fieldKeys' };

/** /createcf and /createcf-order (spec 2.4): a checkout or order form's plans (spec 5.10: at least one), fields, groups and page. */
export default function CheckoutFormBuilderPage() {
  const kind: CheckoutKind = useLocation().pathname.startsWith('/createcf-order') ? 'order' : 'subscription';
  const words = kinds[kind];
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id')) || null;
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const isAdmin = useSession().access?.userRole !== 'USER';
  const saved = useApiQuery(queryKeys.detail('checkoutForms', id), (signal) => (id ? getCheckoutForm(id, signal) : Promise.resolve(null)));
  const products = useApiQuery(queryKeys.list('commerceProducts'), (signal) => listProducts(signal));
  const fields = useApiQuery(queryKeys.list('formFields'), (signal) => listFieldChoices(signal));
  const [addingPlan, setAddingPlan] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: blank,
    validate: {
      name: (value) => (value.trim() ? null : text.nameRequired),
      planIds: (value) => (value.length ? null : text.planRequired),
    },
  });
  const loaded = saved.data;
  useEffect(() => {
    if (loaded) {
      form.setValues(valuesOf(loaded));
      form.resetDirty(valuesOf(loaded));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the saved form once per answer
  }, [loaded]);

  const plans = (products.data ?? []).flatMap((product) => product.plans).filter((plan) => plan.recurring === (kind === 'subscription'));
  const fieldChoices = (fields.data ?? []).filter((field) => field.key !== 'email').map((field) => ({ value: field.key, label: field.label }));

  async function save(then?: 'publish') {
    const check = form.validate();
    if (check.hasErrors) {
      toast('error', text.fixErrors);
      return;
    }
    const v = form.values;
    const body = { ...v, planIds: v.planIds.map(Number), groupIds: v.groupIds.map(Number) };
    setBusy(true);
    try {
      let result = id ? await saveCheckoutForm(id, body) : await createCheckoutForm({ ...body, kind });
      if (then === 'publish' && result.status !== 'Published') result = await publishCheckoutForm(result.id);
      form.resetDirty(valuesOf(result));
      void invalidate('checkoutForms');
      toast('success', then === 'publish' ? text.published : text.saved);
      if (!id) navigate(href(words.builderPath, { query: { id: result.id } }), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        const errors: FormErrors = {};
        for (const [key, list] of Object.entries(error.errors)) errors[camelFields[key] ?? key] = list[0];
        form.setErrors(errors);
      }
      toastError(error);
    } finally {
      setBusy(false);
    }
  }

  if (id && saved.loading) return <Skeleton height={480} data-testid="checkout-builder-loading" />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={href(kind === 'subscription' ? '/checkoutForms' : '/checkoutForms-order')} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {text.back}
        </Group>
      </Anchor>
      <PageHeader
        title={loaded ? text.editTitle(loaded.name) : text.newTitle(kind)}
        description={text.builderIntro}
        actions={
          <>
            <Button variant="subtle" leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={() => void save()} loading={busy} data-testid="checkout-save">
              {text.save}
            </Button>
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => void save('publish')} loading={busy} data-testid="checkout-publish">
              {text.publish}
            </Button>
          </>
        }
      />
      {loaded?.status === 'Published' && (
        <Text size="sm">
          {text.publicLink}:{' '}
          <Anchor href={loaded.publicUrl} target="_blank" rel="noopener" data-testid="checkout-public-link">
            {loaded.publicUrl}
          </Anchor>
        </Text>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput label={text.formName} required maxLength={100} data-testid="checkout-name" {...form.getInputProps('name')} />
          <TextInput label={text.pageTitle} maxLength={200} data-testid="checkout-title" {...form.getInputProps('title')} />
          <Textarea label={text.description} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
          <div>
            <Text size="sm" fw={500} mb={4} id="checkout-layout-label">
              {text.layout}
            </Text>
            <SegmentedControl
              aria-labelledby="checkout-layout-label"
              data={[
                { value: 'singlePage', label: text.layouts.singlePage },
                { value: 'multipleTabs', label: text.layouts.multipleTabs },
              ]}
              {...form.getInputProps('layout')}
            />
          </div>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {text.plansLegend}
          </Title>
          {isAdmin && (
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAddingPlan(true)} data-testid="checkout-new-plan">
              {text.newPlan}
            </Button>
          )}
        </Group>
        {products.loading ? (
          <Skeleton height={60} />
        ) : plans.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="checkout-no-plans">
            {text.noPlans}
          </Text>
        ) : (
          <Checkbox.Group description={text.plansHint} {...form.getInputProps('planIds')} data-testid="checkout-plans">
            <Stack gap={6} mt="xs">
              {plans.map((plan) => (
                <Checkbox key={plan.id} value={String(plan.id)} label={`${plan.productName}: ${plan.name}, ${plan.amountDisplay} ${plan.billingCycle}`} data-testid={`checkout-plan-${plan.id}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <MultiSelect label={text.fields} description={text.fieldsHint} data={fieldChoices} searchable data-testid="checkout-fields" {...form.getInputProps('fieldKeys')} />
          <SearchMultiSelect source="groups" label={text.groups} known={[]} required testId="checkout-groups" value={form.values.groupIds} onChange={(value) => form.setFieldValue('groupIds', value)} error={form.errors.groupIds as string | undefined} />
          <Text size="xs" c="dimmed">
            {text.groupsHint}
          </Text>
          <Checkbox label={text.gift} {...form.getInputProps('giftEnabled', { type: 'checkbox' })} />
          <TextInput label={text.buttonLabel} maxLength={60} {...form.getInputProps('buttonLabel')} />
          <Textarea label={text.successMessage} maxLength={2000} autosize minRows={2} {...form.getInputProps('successMessage')} />
        </Stack>
      </Paper>
      <NewPlanDialog opened={addingPlan} kind={kind} products={products.data ?? []} onClose={() => setAddingPlan(false)} />
    </Stack>
  );
}
