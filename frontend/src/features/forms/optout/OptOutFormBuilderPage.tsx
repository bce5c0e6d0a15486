import { Alert, Anchor, Button, Container, Grid, Group, MultiSelect, Paper, Select, Skeleton, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy, IconPalette } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { queryKeys, useApiQuery, useInvalidate } from '../../../api/query';
import { canSeeFeature } from '../../../components/FeatureGate';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { listThemes } from '../themes/api';
import { themeMessages } from '../themes/messages';
import { ThemeEditorModal } from '../themes/ThemeEditorModal';
import { createOptOutForm, getOptOutForm, listCategoryChoices, listGroupChoices, saveOptOutForm, type OptOutForm } from './api';
import { optOutFormMessages as text } from './messages';
import { ReasonsEditor } from './ReasonsEditor';

interface Values {
  name: string;
  heading: string;
  intro: string;
  reasons: string[];
  categoryId: string | null;
  groupIds: string[];
  buttonText: string;
  thankYouHtml: string;
  themeId: string | null;
}

const blank: Values = { name: '', heading: 'Unsubscribe', intro: '', reasons: [''], categoryId: null, groupIds: [], buttonText: 'Unsubscribe', thankYouHtml: '', themeId: null };

function valuesOf(form: OptOutForm): Values {
  return {
    name: form.name,
    heading: form.heading,
    intro: form.intro,
    reasons: form.reasons.length ? form.reasons : [''],
    categoryId: form.categoryId ? String(form.categoryId) : null,
    groupIds: form.groupIds.map(String),
    buttonText: form.buttonText,
    thankYouHtml: form.thankYouHtml,
    themeId: form.themeId ? String(form.themeId) : null,
  };
}

/**
 * /OptoutForm/:formId (spec 2.4; "new" creates): the opt-out page's heading, reasons, the
 * category and its groups a person may leave instead, the button's text, the thank-you page
 * and the theme. Saving needs the 'enable opt-outs' access; the server's refusals (spec 5.5's
 * wording) are shown on their fields.
 */
export default function OptOutFormBuilderPage() {
  const { formId = 'new' } = useParams();
  const id = formId === 'new' ? null : Number(formId);
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { access } = useSession();
  const canEdit = canSeeFeature(access, 'enableOptOuts');
  const loaded = useApiQuery(queryKeys.detail('optOutForms', id), (signal) => getOptOutForm(id ?? 0, signal), { enabled: id !== null, fresh: true });
  const themes = useApiQuery(queryKeys.list('formThemes'), (signal) => listThemes(signal));
  const categories = useApiQuery(queryKeys.list('groupCategories', { choices: true }), (signal) => listCategoryChoices(signal));
  const form = useForm<Values>({ initialValues: blank });
  const categoryId = form.values.categoryId ? Number(form.values.categoryId) : null;
  const groups = useApiQuery(queryKeys.list('groups', { categoryId }), (signal) => listGroupChoices(categoryId ?? 0, signal), { enabled: categoryId !== null });
  const [saving, setSaving] = useState(false);
  const [editingThemes, setEditingThemes] = useState(false);
  const seeded = useRef(false);
  const dirty = useRef(false);
  dirty.current = form.isDirty() && !saving;

  useEffect(() => {
    if (loaded.data && !seeded.current) {
      seeded.current = true;
      form.setInitialValues(valuesOf(loaded.data));
      form.setValues(valuesOf(loaded.data));
    }
  }, [loaded.data, form]);

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    const body = {
      name: values.name,
      heading: values.heading,
      intro: values.intro,
      reasons: values.reasons,
      categoryId: values.categoryId ? Number(values.categoryId) : null,
      groupIds: values.groupIds.map(Number),
      buttonText: values.buttonText,
      thankYouHtml: values.thankYouHtml,
      themeId: values.themeId ? Number(values.themeId) : null,
    };
    try {
      const saved = id === null ? await createOptOutForm(body) : await saveOptOutForm(id, body);
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      dirty.current = false;
      toast('success', text.saved);
      void invalidate('optOutForms');
      if (id === null) navigate(`/OptoutForm/${saved.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, reasons]) => [field, reasons[0]])));
        const first = Object.keys(error.errors)[0];
        document.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`)?.focus();
      } else toastError(error);
    } finally {
      setSaving(false);
    }
  });

  const themeChoices = (themes.data?.items ?? []).map((theme) => ({ value: String(theme.id), label: theme.name }));
  const categoryChoices = (categories.data?.items ?? []).map((category) => ({ value: String(category.id), label: category.name }));
  const groupChoices = (groups.data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name }));
  const title = id === null ? text.newTitle : (loaded.data?.name ?? text.title);

  return (
    <Container size="lg" py="md">
      <Stack>
        <Anchor component={Link} to="/OptoutForms" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {text.back}
          </Group>
        </Anchor>
        <PageHeader
          title={title}
          description={text.intro}
          actions={
            <Button type="submit" form="optout-form" leftSection={<IconDeviceFloppy size={16} />} loading={saving} disabled={!canEdit} data-testid="optout-save">
              {text.save}
            </Button>
          }
        />
        {!canEdit && <Alert color="gray">{text.readOnly}</Alert>}
        {id !== null && !loaded.data && !loaded.error && <Skeleton height={480} />}
        {loaded.error && <Alert color="red">{loaded.error}</Alert>}
        {(id === null || loaded.data) && (
          <form id="optout-form" onSubmit={save} noValidate>
            <Grid>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder p="md" radius="md">
                  <Stack gap="sm">
                    <TextInput label={text.name} required maxLength={100} disabled={!canEdit} data-field="name" data-testid="optout-name" {...form.getInputProps('name')} />
                    <TextInput label={text.heading} required maxLength={200} disabled={!canEdit} data-field="heading" data-testid="optout-heading" {...form.getInputProps('heading')} />
                    <Textarea label={text.intro_} maxLength={1000} autosize minRows={2} disabled={!canEdit} data-field="intro" {...form.getInputProps('intro')} />
                    <div data-field="reasons">
                      <ReasonsEditor value={form.values.reasons} onChange={(reasons) => form.setFieldValue('reasons', reasons)} error={form.errors.reasons as string | undefined} readOnly={!canEdit} />
                    </div>
                    <TextInput label={text.buttonText} required maxLength={50} disabled={!canEdit} data-field="buttonText" data-testid="optout-button" {...form.getInputProps('buttonText')} />
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder p="md" radius="md">
                  <Stack gap="sm">
                    <Select
                      label={text.category}
                      required
                      data={categoryChoices}
                      searchable
                      disabled={!canEdit}
                      data-field="categoryId"
                      data-testid="optout-category"
                      {...form.getInputProps('categoryId')}
                      onChange={(value) => {
                        form.setFieldValue('categoryId', value);
                        form.setFieldValue('groupIds', []);
                      }}
                    />
                    <MultiSelect
                      label={text.groups}
                      description={categoryId ? (groups.data && !groupChoices.length ? text.noGroups : text.groupsHint) : text.pickCategoryFirst}
                      required
                      data={groupChoices}
                      searchable
                      disabled={!canEdit || !categoryId}
                      data-field="groupIds"
                      data-testid="optout-groups"
                      {...form.getInputProps('groupIds')}
                    />
                    {categoryId && groups.data && !groupChoices.length && (
                      <Anchor component={Link} to="/managegroups" size="sm">
                        {text.noGroupsLink}
                      </Anchor>
                    )}
                    <Group align="flex-end" gap="xs" wrap="nowrap">
                      <Select
                        flex={1}
                        label={text.theme}
                        data={themeChoices}
                        placeholder={themeMessages.none}
                        clearable
                        disabled={!canEdit}
                        data-field="themeId"
                        data-testid="optout-theme"
                        {...form.getInputProps('themeId')}
                      />
                      <Button variant="subtle" leftSection={<IconPalette size={16} />} onClick={() => setEditingThemes(true)} data-testid="edit-themes">
                        {text.editThemes}
                      </Button>
                    </Group>
                    <Textarea
                      label={text.thankYou}
                      description={text.thankYouHint}
                      autosize
                      minRows={3}
                      maxLength={20000}
                      disabled={!canEdit}
                      data-field="thankYouHtml"
                      data-testid="optout-thanks"
                      {...form.getInputProps('thankYouHtml')}
                    />
                  </Stack>
                </Paper>
              </Grid.Col>
            </Grid>
          </form>
        )}
      </Stack>
      <ThemeEditorModal
        opened={editingThemes}
        onClose={() => setEditingThemes(false)}
        themeId={form.values.themeId ? Number(form.values.themeId) : null}
        onSaved={(theme) => form.setFieldValue('themeId', String(theme.id))}
      />
      <LeaveGuard isDirty={() => dirty.current} />
    </Container>
  );
}
