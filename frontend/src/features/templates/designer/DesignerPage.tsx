import { Alert, Anchor, Box, Button, Group, Loader, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconCheck, IconDeviceFloppy, IconEye, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { getTemplate, updateTemplate, type Template } from '../../../api/templates';
import { EmptyState } from '../../../components/EmptyState';
import { queryKeys, useApiQuery } from '../../../api/query';
import { href } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { MergeTagPicker } from '../merge-tags/MergeTagPicker';
import { PreviewDialog } from '../preview/PreviewDialog';
import { listImages, uploadImage, type FileItem } from '../../../components/designer/assets';
import { Autosaver, type SaveStatus } from './autosave';
import { designerMessages as text } from './messages';
import { LinkProblemsAlert } from '../LinkProblemsAlert';

type EditorModule = typeof import('./grapes-editor');
type Loaded = { module: EditorModule; editor: import('./grapes-editor').Editor };

const AUTOSAVE_MS = 3000;
const templatesHref = href('/templates', { query: { isReload: true } });

/** The email designer (spec 2.4 /beeeditor?templateId=N, a full page): GrapesJS with the newsletter preset. */
export default function DesignerPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('templateId');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const loaded = useApiQuery(queryKeys.detail('templates', id, { designer: true }), async (signal) => {
    if (id === null) return null;
    const [template, images] = await Promise.all([
      getTemplate(id, signal),
      listImages(signal).catch((caught: unknown) => {
        if (!signal.aborted) toast('warning', caught instanceof Error && caught.message ? caught.message : text.assetsFailed);
        return [] as FileItem[];
      }),
    ]);
    return { template, images };
  }, { fresh: true, keepPrevious: false });

  if (id === null || loaded.error) {
    return (
      <Stack p="md" component="main">
        <BackLink />
        <Title order={1}>{text.title}</Title>
        {loaded.error ? (
          <Alert color="red" title={text.notFound} icon={<IconAlertCircle aria-hidden />}>
            {loaded.error}
          </Alert>
        ) : (
          <EmptyState icon={<IconPencil />} title={text.noTemplate} />
        )}
      </Stack>
    );
  }
  if (!loaded.data || loaded.loading) {
    return (
      <Stack p="md" gap="sm" data-testid="designer-loading">
        <Skeleton h={36} />
        <Skeleton h="calc(100vh - 100px)" />
      </Stack>
    );
  }
  return <Designer key={loaded.data.template.id} template={loaded.data.template} images={loaded.data.images} />;
}

function BackLink({ onClick }: { onClick?: (event: React.MouseEvent) => void }) {
  return (
    <Anchor component={Link} to={templatesHref} size="sm" onClick={onClick} aria-label={text.backLabel} data-testid="back-to-templates">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {text.backToTemplates}
      </Group>
    </Anchor>
  );
}

function Designer({ template, images }: { template: Template; images: FileItem[] }) {
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const loaded = useRef<Loaded | null>(null);
  const caret = useRef<Range | null>(null);
  const [name, setName] = useState(template.name);
  const nameRef = useRef(name);
  nameRef.current = name;
  const [nameError, setNameError] = useState<string | null>(null);
  const [editorState, setEditorState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [status, setStatus] = useState<SaveStatus>({ state: 'saved' });
  const [previewing, setPreviewing] = useState(false);
  const [linkProblems, setLinkProblems] = useState(template.linkProblems);

  const saver = useRef<Autosaver | null>(null);
  if (saver.current === null) {
    saver.current = new Autosaver({
      delayMs: AUTOSAVE_MS,
      onStatus: setStatus,
      canSave: () => !loaded.current || !loaded.current.module.isEditingText(loaded.current.editor),
      save: async () => {
        const current = loaded.current;
        const trimmed = nameRef.current.trim();
        if (!trimmed) {
          setNameError(text.nameRequired);
          throw new Error(text.nameRequired);
        }
        const design = current ? await current.module.snapshot(current.editor) : {};
        try {
          const saved = await updateTemplate(template.id, { name: trimmed, ...design });
          setNameError(null);
          setLinkProblems(saved.linkProblems);
        } catch (caught) {
          if (caught instanceof ApiError && caught.errors.name?.length) setNameError(caught.errors.name[0]);
          throw caught;
        }
      },
    });
  }

  useEffect(() => {
    let cancelled = false;
    let instance: Loaded | null = null;
    import('./grapes-editor')
      .then((module) => {
        if (cancelled || !container.current) return;
        const editor = module.createEditor({
          container: container.current,
          projectData: isProject(template.projectData) ? template.projectData : null,
          html: template.html,
          images,
          upload: uploadImage,
          onUploadError: (message) => toast('error', message),
          onChange: () => saver.current?.change(),
        });
        instance = { module, editor };
        loaded.current = instance;
        editor.on('load', () => !cancelled && setEditorState('ready'));
      })
      .catch((caught: unknown) => {
        console.error(caught);
        if (!cancelled) setEditorState('failed');
      });
    return () => {
      cancelled = true;
      loaded.current = null;
      instance?.editor.destroy();
    };
  }, [template, images]);

  useEffect(() => () => saver.current?.dispose(), []);
  useWindowEvent('beforeunload', (event) => {
    if (saver.current?.pending) event.preventDefault();
  });

  // The status beside the name says "Saved": no toast, which would cover the actions.
  const saveNow = () => void saver.current!.flush();

  const leave = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (await saver.current!.flush()) navigate(templatesHref);
  };

  const openPreview = async () => {
    await saver.current!.flush();
    setPreviewing(true);
  };

  const pickTag = (tag: string) => {
    const current = loaded.current;
    if (!current || !current.module.insertMergeTag(current.editor, tag, caret.current)) toast('info', text.pickTextFirst);
    caret.current = null;
  };

  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
        justify="space-between"
        wrap="nowrap"
        px="md"
        py="xs"
        gap="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm" wrap="nowrap" align="center">
          <BackLink onClick={(event) => void leave(event)} />
          <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
            {text.title}
          </Title>
          <TextInput
            aria-label={text.name}
            placeholder={text.name}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
              saver.current!.change();
            }}
            error={nameError}
            w={260}
            data-testid="designer-name"
          />
          <StatusText status={status} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <MergeTagPicker
            onPick={pickTag}
            onOpen={() => {
              caret.current = loaded.current ? loaded.current.module.rememberCaret(loaded.current.editor) : null;
            }}
            disabled={editorState !== 'ready'}
          />
          <Button variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={() => void openPreview()} data-testid="designer-preview">
            {text.preview}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={saveNow}
            loading={status.state === 'saving'}
            disabled={editorState !== 'ready'}
            data-testid="designer-save"
          >
            {text.save}
          </Button>
        </Group>
      </Group>
      {linkProblems?.length ? (
        <Box px="md" pt="xs">
          <LinkProblemsAlert problems={linkProblems} />
        </Box>
      ) : null}
      <Box component="main" pos="relative" style={{ flex: 1, minHeight: 0 }}>
        <div ref={container} aria-label={text.canvas} role="region" data-testid="designer-canvas" style={{ height: '100%' }} />
        {editorState === 'loading' && (
          <Group pos="absolute" inset={0} justify="center" bg="white" data-testid="designer-editor-loading">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{text.loadingEditor}</Text>
          </Group>
        )}
        {editorState === 'failed' && (
          <Alert pos="absolute" top={16} left={16} right={16} color="red" title={text.editorFailed} icon={<IconAlertCircle aria-hidden />} />
        )}
      </Box>
      <PreviewDialog templateId={template.id} templateName={name} opened={previewing} onClose={() => setPreviewing(false)} />
    </Box>
  );
}

function isProject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

function StatusText({ status }: { status: SaveStatus }) {
  const [label, color, icon] =
    status.state === 'saved'
      ? [text.saved, 'gray.8', <IconCheck size={14} color="var(--mantine-color-green-9)" aria-hidden key="icon" />]
      : status.state === 'saving'
        ? [text.saving, 'gray.7', null]
        : status.state === 'dirty'
          ? [text.unsaved, 'gray.7', null]
          : [text.notSaved(status.message), 'red.9', <IconAlertCircle size={14} color="var(--mantine-color-red-9)" aria-hidden key="icon" />];
  return (
    <Group gap={4} wrap="nowrap" role="status" aria-live="polite" data-testid="save-status" data-state={status.state}>
      {icon}
      <Text size="sm" c={color} style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
    </Group>
  );
}
