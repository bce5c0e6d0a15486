import { Alert, Button, ColorInput, Container, Group, Paper, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { createHeaderFooter, getHeaderFooter, updateHeaderFooter, type HeaderFooter, type HeaderFooterKind } from '../../api/templates';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { href } from '../../config/paths';
import { fillErrors } from '../../lib/form-helper';
import { messages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { DeleteHeaderFooterDialog } from './DeleteHeaderFooterDialog';
import { footerPreview, sameColors } from './header-footer-rules';
import { HtmlCodeEditor } from './HtmlCodeEditor';
import { templateMessages as text } from './messages';
import { headerFooterHref } from './template-types';
import { useLeaveGuard } from './useLeaveGuard';

/** Campaign Footer Settings (spec 2.4 /CampaignFooterSettings?type=header|footer&id=N): one header or footer. */
export default function FooterSettingsPage() {
  const [params] = useSearchParams();
  const kind: HeaderFooterKind = params.get('type') === 'header' ? 'header' : 'footer';
  const idParam = Number(params.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const loaded = useApiQuery(queryKeys.detail('headerFooters', id, { kind }), (signal) => (id ? getHeaderFooter(kind, id, signal) : Promise.resolve(null)), { fresh: true, keepPrevious: false });
  const title = kind === 'header' ? text.headerEditTitle(id === null) : text.footerEditTitle(id === null);

  return (
    <Container size="xl" py="md">
      <Stack>
        <PageHeader
          title={title}
          description={text.hfEditIntro}
          actions={
            <Button component={Link} to={href('/CampaignFooterSettingsList', { query: { type: kind } })} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {text.backToList}
            </Button>
          }
        />
        {loaded.error && <Alert color="red">{loaded.error}</Alert>}
        {(id === null || loaded.data) && !loaded.loading ? (
          <HeaderFooterForm key={`${kind}:${id}`} kind={kind} item={loaded.data} />
        ) : (
          !loaded.error && <Skeleton height={560} />
        )}
      </Stack>
    </Container>
  );
}

function HeaderFooterForm({ kind, item }: { kind: HeaderFooterKind; item: HeaderFooter | null }) {
  const navigate = useNavigate();
  const footer = kind === 'footer';
  const initial = {
    name: item?.name ?? '',
    html: item?.html ?? '',
    backgroundColor: item?.backgroundColor ?? '#ffffff',
    fontColor: item?.fontColor ?? '#000000',
    isDefault: item?.isDefault ?? false,
  };
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const guard = useLeaveGuard(values, initial);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [key]: value }));
  const colorsClash = footer && sameColors(values.backgroundColor, values.fontColor);

  const save = async () => {
    const errors = fillErrors([{ label: text.name, value: values.name }]);
    if (colorsClash) errors.push(text.sameColors);
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    const body = { ...values, name: values.name.trim() };
    setSaving(true);
    try {
      const saved = item ? await updateHeaderFooter(kind, item.id, body) : await createHeaderFooter(kind, body);
      guard.markSaved(values);
      toast('success', text.hfSaved(kind));
      if (!item) navigate(headerFooterHref(kind, saved.id), { replace: true });
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <Group align="flex-end" justify="space-between">
            <TextInput label={text.name} value={values.name} onChange={(event) => set('name', event.currentTarget.value)} w={320} data-testid="hf-name" />
            <Group gap="xs">
              {item && (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)} data-testid="hf-delete">
                  {messages.delete}
                </Button>
              )}
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving} data-testid="hf-save">
                {messages.save}
              </Button>
            </Group>
          </Group>
          {footer && (
            <Group align="flex-start">
              <ColorInput
                label={text.backgroundColor}
                value={values.backgroundColor}
                onChange={(value) => set('backgroundColor', value)}
                format="hex"
                w={200}
                error={colorsClash ? text.sameColors : undefined}
                eyeDropperButtonProps={{ 'aria-label': text.pickFromScreen(text.backgroundColor) }}
                data-testid="hf-background"
              />
              <ColorInput
                label={text.fontColor}
                value={values.fontColor}
                onChange={(value) => set('fontColor', value)}
                format="hex"
                w={200}
                error={colorsClash ? text.sameColors : undefined}
                eyeDropperButtonProps={{ 'aria-label': text.pickFromScreen(text.fontColor) }}
                data-testid="hf-font"
              />
              <Switch
                mt={30}
                label={text.defaultFooter}
                description={text.defaultFooterHint}
                checked={values.isDefault}
                onChange={(event) => set('isDefault', event.currentTarget.checked)}
                data-testid="hf-default"
              />
            </Group>
          )}
          <HtmlCodeEditor
            value={values.html}
            onChange={(html) => set('html', html)}
            label={text.html}
            previewTitle={text.previewFrame(values.name || (footer ? text.footers : text.headers))}
            previewHtml={footer ? (html) => footerPreview(html, values.backgroundColor, values.fontColor) : undefined}
            testId="hf-html"
          />
        </Stack>
      </form>
      <DeleteHeaderFooterDialog
        kind={kind}
        item={deleting ? item : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          guard.markSaved(values);
          navigate(href('/CampaignFooterSettingsList', { query: { type: kind } }));
        }}
      />
    </Paper>
  );
}
