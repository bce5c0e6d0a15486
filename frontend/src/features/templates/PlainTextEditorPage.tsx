import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { createTemplate, getTemplate, updateTemplate, type Template } from '../../api/templates';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { href } from '../../config/paths';
import { messages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { FolderSelect } from './FolderSelect';
import { MergeTagPicker } from './merge-tags/MergeTagPicker';
import { templateMessages as text } from './messages';
import { plainTextErrors } from './plain-text-rules';
import { templatesHref } from './template-types';
import { useCaretInsert } from './useCaretInsert';
import { useLeaveGuard } from './useLeaveGuard';

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Plain Text Editor (spec 2.4 /plaintexteditor): a new plain-text template, or ?templateId=N. */
export default function PlainTextEditorPage() {
  const [params] = useSearchParams();
  const templateId = positiveId(params.get('templateId'));
  const folderId = positiveId(params.get('folderId'));
  const loaded = useApiQuery(queryKeys.detail('templates', templateId), (signal) => (templateId ? getTemplate(templateId, signal) : Promise.resolve(null)), { fresh: true, keepPrevious: false });
  const ready = templateId === null || loaded.data !== null;

  return (
    <Container size="xl" py="md">
      <Stack>
        <PageHeader
          title={text.plainTitle}
          description={text.plainIntro}
          actions={
            <Button component={Link} to={templatesHref('plainText', loaded.data?.folderId ?? folderId)} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {text.backToTemplates}
            </Button>
          }
        />
        {loaded.error && <Alert color="red">{loaded.error}</Alert>}
        {ready && !loaded.loading ? (
          <PlainTextForm key={templateId ?? 'new'} template={loaded.data} folderId={folderId} />
        ) : (
          !loaded.error && <Skeleton height={480} />
        )}
      </Stack>
    </Container>
  );
}

function PlainTextForm({ template, folderId: newFolder }: { template: Template | null; folderId: number | null }) {
  const navigate = useNavigate();
  const initial = { name: template?.name ?? '', folderId: template?.folderId ?? newFolder, subject: template?.subject ?? '', text: template?.text ?? '' };
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const guard = useLeaveGuard(values, initial);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setText = (value: string) => set('text', value);
  const caret = useCaretInsert(values.text, setText);

  const save = async () => {
    const errors = plainTextErrors(values, text.plainPlaceholder);
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    const body = { name: values.name.trim(), folderId: values.folderId, subject: values.subject, text: values.text };
    setSaving(true);
    try {
      const saved = template ? await updateTemplate(template.id, body) : await createTemplate({ ...body, type: 'plainText' });
      guard.markSaved(values);
      toast('success', text.saved);
      if (!template) navigate(href('/plaintexteditor', { query: { templateId: saved.id } }), { replace: true });
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
          <Group align="flex-end">
            <TextInput label={text.name} value={values.name} onChange={(event) => set('name', event.currentTarget.value)} w={320} data-testid="plain-name" />
            <FolderSelect type="plainText" value={values.folderId} onChange={(id) => set('folderId', id)} />
          </Group>
          <TextInput label={text.subject} value={values.subject} onChange={(event) => set('subject', event.currentTarget.value)} data-testid="plain-subject" />
          <Stack gap={4}>
            <Group justify="space-between" align="flex-end">
              <Text component="label" htmlFor="plain-text-input" fw={500} size="sm">
                {text.plainText}
              </Text>
              <MergeTagPicker onPick={caret.insert} onOpen={caret.remember} label={text.insertMergeTag} size="xs" />
            </Group>
            <Textarea
              id="plain-text-input"
              ref={caret.ref}
              value={values.text}
              placeholder={text.plainPlaceholder}
              onChange={(event) => setText(event.currentTarget.value)}
              rows={16}
              resize="vertical"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-testid="plain-text"
            />
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving} data-testid="plain-save">
              {messages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
