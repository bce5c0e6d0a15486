import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconArrowLeft, IconDeviceFloppy, IconFileCode, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getTemplate, updateTemplate, uploadHtmlTemplate, type Template } from '../../api/templates';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { href } from '../../config/paths';
import { fillErrors } from '../../lib/form-helper';
import { messages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { FolderSelect } from './FolderSelect';
import { HtmlCodeEditor } from './HtmlCodeEditor';
import { LinkProblemsAlert } from './LinkProblemsAlert';
import { templateMessages as text } from './messages';
import { templatesHref } from './template-types';
import { useLeaveGuard } from './useLeaveGuard';

const accept = { 'text/html': ['.html', '.htm'] };

/** Spec 8: only .html files are templates; anything else gets the catalogue's refusal. */
export function isHtmlFile(name: string): boolean {
  return /\.html?$/i.test(name);
}

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * HTML Upload (spec 2.4 /htmlUpload): an .html file becomes an html template, which then
 * opens in the code editor (?templateId=N), its live preview sandboxed beside it.
 */
export default function HtmlUploadPage() {
  const [params] = useSearchParams();
  const templateId = positiveId(params.get('templateId'));
  return templateId ? <HtmlEditor key={templateId} templateId={templateId} /> : <HtmlUpload folderId={positiveId(params.get('folderId'))} />;
}

function BackLink({ folderId }: { folderId?: number | null }) {
  return (
    <Button component={Link} to={templatesHref('html', folderId)} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {text.backToTemplates}
    </Button>
  );
}

function HtmlUpload({ folderId: initialFolder }: { folderId: number | null }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [folderId, setFolderId] = useState<number | null>(initialFolder);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    if (!isHtmlFile(chosen.name)) {
      toast('error', text.unsupportedHtml);
      return;
    }
    setFile(chosen);
    if (!name.trim()) setName(chosen.name.replace(/\.html?$/i, ''));
  };

  const reject = (rejections: FileRejection[]) => {
    if (rejections.length) toast('error', text.unsupportedHtml);
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const template = await uploadHtmlTemplate(file, { name: name.trim() || undefined, folderId });
      toast('success', text.uploaded);
      navigate(href('/htmlUpload', { query: { templateId: template.id } }), { replace: true });
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <PageHeader title={text.htmlTitle} description={text.htmlIntro} actions={<BackLink folderId={initialFolder} />} />
      <Paper withBorder p="lg">
        <Stack>
          <Group align="flex-end">
            <TextInput label={text.name} value={name} onChange={(event) => setName(event.currentTarget.value)} w={320} data-testid="html-name" />
            <FolderSelect type="html" value={folderId} onChange={setFolderId} />
          </Group>
          <Dropzone
            onDrop={choose}
            onReject={reject}
            accept={accept}
            multiple={false}
            loading={busy}
            // Mantine 9.5's hidden file input has no name of its own (axe: "label").
            inputProps={{ 'aria-label': text.htmlDrop }}
            data-testid="html-dropzone"
          >
            <Stack align="center" gap="xs" py="xl" style={{ pointerEvents: 'none' }}>
              <IconFileCode size={40} stroke={1.25} aria-hidden />
              <Text size="lg">{text.htmlDrop}</Text>
              <Text size="sm" c="dimmed">
                {text.htmlFileTypes}
              </Text>
            </Stack>
          </Dropzone>
          {file && (
            <Text size="sm" data-testid="html-chosen">
              {text.chosenFile(file.name)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file} loading={busy} onClick={() => void upload()} data-testid="html-upload">
              {text.upload}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function HtmlEditor({ templateId }: { templateId: number }) {
  const loaded = useApiQuery(queryKeys.detail('templates', templateId), (signal) => getTemplate(templateId, signal), { fresh: true, keepPrevious: false });
  return (
    <Stack>
      <PageHeader title={text.htmlEditTitle} description={text.htmlEditIntro} actions={<BackLink folderId={loaded.data?.folderId} />} />
      {loaded.error && <Alert color="red">{loaded.error}</Alert>}
      {loaded.data ? <HtmlForm template={loaded.data} /> : !loaded.error && <Skeleton height={560} />}
    </Stack>
  );
}

function HtmlForm({ template }: { template: Template }) {
  const [name, setName] = useState(template.name);
  const [folderId, setFolderId] = useState(template.folderId);
  const [html, setHtml] = useState(template.html);
  const [linkProblems, setLinkProblems] = useState(template.linkProblems);
  const [saving, setSaving] = useState(false);
  const guard = useLeaveGuard({ name, folderId, html }, { name: template.name, folderId: template.folderId, html: template.html });

  const save = async () => {
    const errors = fillErrors([{ label: text.name, value: name }]);
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateTemplate(template.id, { name: name.trim(), folderId, html });
      // The server makes the HTML email-safe: the editor shows what was kept.
      setHtml(saved.html);
      setName(saved.name);
      setLinkProblems(saved.linkProblems);
      guard.markSaved({ name: saved.name, folderId: saved.folderId, html: saved.html });
      toast('success', text.saved);
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <Group align="flex-end" justify="space-between">
          <Group align="flex-end">
            <TextInput label={text.name} value={name} onChange={(event) => setName(event.currentTarget.value)} w={320} data-testid="html-name" />
            <FolderSelect type={template.type} value={folderId} onChange={setFolderId} />
          </Group>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving} data-testid="html-save">
            {messages.save}
          </Button>
        </Group>
        <LinkProblemsAlert problems={linkProblems} />
        <HtmlCodeEditor value={html} onChange={setHtml} previewTitle={text.previewFrame(name || template.name)} />
      </Stack>
    </form>
  );
}
