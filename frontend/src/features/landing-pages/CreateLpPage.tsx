import { Alert, Anchor, Badge, Box, Button, Checkbox, Divider, Drawer, Group, Modal, NumberInput, Select, SegmentedControl, Skeleton, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconEye, IconHistory, IconSend, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { queryKeys, useApiMutation, useApiQuery } from '../../api/query';
import { StatusBadge } from '../../components/StatusBadge';
import { href } from '../../config/paths';
import { toast } from '../../lib/toast';
import { listImages, uploadImage, type FileItem } from '../../components/designer/assets';
import {
  getPage,
  listVersions,
  publishedForms,
  publishedPopups,
  publishPage,
  rollBack,
  savePage,
  unpublishPage,
  type LandingPage,
  type PageSettings,
} from './api';
import { lpMessages as text, POPUP_DURATIONS, POPUP_FREQUENCIES } from './messages';
import { DEFAULT_SETTINGS } from './starters';

type EditorModule = typeof import('./lp-editor');
type Loaded = { module: EditorModule; editor: import('./lp-editor').Editor };

/** The landing page designer (spec 2.4 /createlp?id=N, a full page): GrapesJS with the webpage preset, the page's settings, preview, publish and versions. */
export default function CreateLpPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const loaded = useApiQuery(
    queryKeys.detail('landingPages', id, { designer: true }),
    async (signal) => {
      if (id === null) return null;
      const [page, images] = await Promise.all([getPage(id, signal), listImages(signal).catch(() => [] as FileItem[])]);
      return { page, images };
    },
    { fresh: true, keepPrevious: false },
  );
  if (id === null || loaded.error) {
    return (
      <Stack p="md" component="main">
        <BackLink />
        <Title order={1}>{text.designerTitle}</Title>
        <Alert color="red" title={text.notFound} icon={<IconAlertCircle aria-hidden />}>
          {loaded.error ?? text.noPage}
        </Alert>
      </Stack>
    );
  }
  if (!loaded.data || loaded.loading) {
    return (
      <Stack p="md" gap="sm" data-testid="lp-designer-loading">
        <Skeleton h={36} />
        <Skeleton h="calc(100vh - 100px)" />
      </Stack>
    );
  }
  return <Designer key={loaded.data.page.id} page={loaded.data.page} images={loaded.data.images} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={href('/landingpages')} size="sm" data-testid="back-to-pages">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {text.backToList}
      </Group>
    </Anchor>
  );
}

function Designer({ page: initial, images }: { page: LandingPage; images: FileItem[] }) {
  const container = useRef<HTMLDivElement>(null);
  const loaded = useRef<Loaded | null>(null);
  const [page, setPage] = useState(initial);
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  const [settings, setSettings] = useState<PageSettings>({ ...DEFAULT_SETTINGS, ...(initial.currentVersion?.settings ?? {}) } as PageSettings);
  const [editorState, setEditorState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [panel, setPanel] = useState<null | 'settings' | 'versions' | 'preview' | 'form' | 'popup'>(null);
  const [preview, setPreview] = useState('');

  useEffect(() => {
    let cancelled = false;
    import('./lp-editor')
      .then((module) => {
        if (cancelled || !container.current) return;
        const version = initial.currentVersion;
        const editor = module.createLpEditor({
          container: container.current,
          projectData: (version?.project ?? null) as Record<string, unknown> | null,
          html: version?.html ?? '',
          css: version?.css ?? '',
          images,
          upload: uploadImage,
          onUploadError: (message) => toast('error', message),
          onChange: () => undefined,
        });
        loaded.current = { module, editor };
        setEditorState('ready');
      })
      .catch(() => setEditorState('failed'));
    return () => {
      cancelled = true;
      loaded.current?.editor.destroy();
      loaded.current = null;
    };
  }, [initial, images]);

  const snapshot = async () => {
    const current = loaded.current;
    if (!current) throw new Error(text.editorFailed);
    return current.module.lpSnapshot(current.editor);
  };
  const save = useApiMutation(
    async () => {
      const design = await snapshot();
      return savePage(page.id, { name: name.trim(), slug, content: { ...design, settings } });
    },
    { invalidates: ['landingPages'], success: text.saved },
  );
  const publish = useApiMutation(
    async () => {
      const design = await snapshot();
      await savePage(page.id, { name: name.trim(), slug, content: { ...design, settings } });
      return publishPage(page.id);
    },
    { invalidates: ['landingPages'], success: text.published },
  );
  const unpublish = useApiMutation(() => unpublishPage(page.id), { invalidates: ['landingPages'], success: text.unpublished });
  const done = (saved: LandingPage) => {
    setPage(saved);
    setSlug(saved.slug);
  };
  const openPreview = async () => {
    const design = await snapshot();
    const current = loaded.current!;
    setPreview(current.module.previewDocument(design.html, design.css));
    setPanel('preview');
  };
  const insert = (html: string, atTop = false) => {
    const current = loaded.current;
    if (current) current.module.lpInsert(current.editor, html, atTop);
    setPanel(null);
  };

  return (
    <Stack gap={0} h="100vh" component="main">
      <Group justify="space-between" px="md" py="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="sm" wrap="nowrap">
          <BackLink />
          <Title order={1} size="h4" className="visually-hidden">
            {text.designerTitle}
          </Title>
          <TextInput aria-label={text.pageName} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={100} data-testid="lp-designer-name" />
          <StatusBadge family="form" status={page.status} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          {page.pageType !== 'PP' && (
            <>
              <Button variant="default" size="xs" onClick={() => setPanel('form')} disabled={editorState !== 'ready'} data-testid="lp-add-form">
                {text.addForm}
              </Button>
              <Button variant="default" size="xs" onClick={() => setPanel('popup')} disabled={editorState !== 'ready'} data-testid="lp-add-popup">
                {text.addPopupButton}
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={editorState !== 'ready'}
                onClick={() => {
                  insert(`<header class="mc-sticky-header" style="padding:12px 24px;background:#fff"><strong>${text.stickyHeaderText}</strong></header>`, true);
                  setSettings({ ...settings, stickyHeader: true });
                }}
                data-testid="lp-add-header"
              >
                {text.addStickyHeader}
              </Button>
            </>
          )}
          <Button variant="default" size="xs" leftSection={<IconEye size={16} aria-hidden />} onClick={() => void openPreview()} disabled={editorState !== 'ready'} data-testid="lp-preview">
            {text.preview}
          </Button>
          <Button variant="default" size="xs" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setPanel('settings')} data-testid="lp-settings">
            {text.settings}
          </Button>
          <Button variant="default" size="xs" leftSection={<IconHistory size={16} aria-hidden />} onClick={() => setPanel('versions')} data-testid="lp-versions">
            {text.versions}
          </Button>
          <Button variant="default" size="xs" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={save.isPending} onClick={() => save.mutate(undefined, { onSuccess: done })} disabled={editorState !== 'ready'} data-testid="lp-save">
            {text.save}
          </Button>
          {page.status === 'Published' && (
            <Button variant="default" size="xs" loading={unpublish.isPending} onClick={() => unpublish.mutate(undefined, { onSuccess: done })} data-testid="lp-unpublish">
              {text.unpublish}
            </Button>
          )}
          <Button size="xs" leftSection={<IconSend size={16} aria-hidden />} loading={publish.isPending} onClick={() => publish.mutate(undefined, { onSuccess: done })} disabled={editorState !== 'ready'} data-testid="lp-publish">
            {text.publish}
          </Button>
        </Group>
      </Group>
      {page.status === 'Published' && (
        <Text size="sm" px="md" py={4}>
          {text.publicUrl}:{' '}
          <Anchor href={page.publicUrl} target="_blank" rel="noopener" data-testid="lp-public-url">
            {page.publicUrl}
          </Anchor>
        </Text>
      )}
      {editorState === 'failed' && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} m="md">
          {text.editorFailed}
        </Alert>
      )}
      <Box ref={container} style={{ flex: 1, minHeight: 0 }} data-testid="lp-canvas" />
      <SettingsDrawer opened={panel === 'settings'} onClose={() => setPanel(null)} page={page} slug={slug} setSlug={setSlug} settings={settings} setSettings={setSettings} />
      <VersionsDrawer opened={panel === 'versions'} onClose={() => setPanel(null)} page={page} onRolledBack={(saved) => window.location.assign(href('/createlp', { query: { id: saved.id } }))} />
      <Modal opened={panel === 'preview'} onClose={() => setPanel(null)} title={text.previewTitle} size="auto">
        <PreviewFrame document={preview} />
      </Modal>
      <ChooseModal kind="form" opened={panel === 'form'} onClose={() => setPanel(null)} onChoose={(key, label) => insert(`<div class="mc-form" id="mc-form-${key}">${escapeText(label)}</div>`)} />
      <ChooseModal kind="popup" opened={panel === 'popup'} onClose={() => setPanel(null)} onChoose={(popupId) => insert(`<a class="mc-popup-button" href="#mc-popup-${popupId}">${text.popupButtonText}</a>`)} />
    </Stack>
  );
}

function escapeText(value: string) {
  return value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** The page at desktop and mobile width, in a frame sandboxed without scripts (never live in the app's origin). */
function PreviewFrame({ document }: { document: string }) {
  const [device, setDevice] = useState('desktop');
  return (
    <Stack>
      <SegmentedControl
        aria-label={text.previewTitle}
        value={device}
        onChange={setDevice}
        data={[
          { value: 'desktop', label: text.desktop },
          { value: 'mobile', label: text.mobile },
        ]}
        data-testid="lp-preview-device"
      />
      <iframe title={text.previewTitle} sandbox="" srcDoc={document} width={device === 'desktop' ? 1024 : 375} height={600} style={{ border: '1px solid var(--mantine-color-gray-3)' }} data-testid="lp-preview-frame" />
    </Stack>
  );
}

function ChooseModal({ kind, opened, onClose, onChoose }: { kind: 'form' | 'popup'; opened: boolean; onClose: () => void; onChoose: (value: string, label: string) => void }) {
  const choices = useApiQuery(
    queryKeys.list(kind === 'form' ? 'forms' : 'landingPages', { chooser: kind, opened }),
    async (signal) => {
      if (!opened) return [];
      if (kind === 'form') return (await publishedForms(signal)).items.map((form) => ({ value: form.key, label: form.name }));
      return (await publishedPopups(signal)).items.map((popup) => ({ value: String(popup.id), label: popup.name }));
    },
    { fresh: true },
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const data = choices.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={kind === 'form' ? text.addForm : text.addPopupButton}>
      <Stack>
        {data.length === 0 && !choices.loading ? (
          <Text>{kind === 'form' ? text.noForms : text.noPopups}</Text>
        ) : (
          <Select label={kind === 'form' ? text.chooseForm : text.choosePopup} data={data} value={chosen} onChange={setChosen} data-testid={`lp-choose-${kind}`} comboboxProps={{ withinPortal: true }} />
        )}
        <Group justify="flex-end">
          <Button
            disabled={!chosen}
            onClick={() => {
              const found = data.find((item) => item.value === chosen);
              if (found) onChoose(found.value, found.label);
            }}
            data-testid={`lp-insert-${kind}`}
          >
            {text.insert}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SettingsDrawer({ opened, onClose, page, slug, setSlug, settings, setSettings }: {
  opened: boolean;
  onClose: () => void;
  page: LandingPage;
  slug: string;
  setSlug: (value: string) => void;
  settings: PageSettings;
  setSettings: (value: PageSettings) => void;
}) {
  const set = (changes: Partial<PageSettings>) => setSettings({ ...settings, ...changes });
  const popup = settings.popup ?? {};
  const redirect = settings.redirect ?? {};
  const setPopup = (changes: Partial<NonNullable<PageSettings['popup']>>) => set({ popup: { ...popup, ...changes } });
  const setRedirect = (changes: Partial<NonNullable<PageSettings['redirect']>>) => set({ redirect: { ...redirect, ...changes } });
  const optionalNumber = (value: string | number) => (value === '' ? null : Number(value));
  return (
    <Drawer opened={opened} onClose={onClose} title={text.settings} position="right" size="md">
      <Stack>
        <TextInput label={text.slug} description={text.slugHint} value={slug} onChange={(event) => setSlug(event.currentTarget.value)} maxLength={100} data-testid="lp-slug" />
        <Divider label={text.seo} />
        <TextInput label={text.seoTitle} value={settings.seoTitle ?? ''} onChange={(event) => set({ seoTitle: event.currentTarget.value })} maxLength={200} />
        <Textarea label={text.seoDescription} value={settings.seoDescription ?? ''} onChange={(event) => set({ seoDescription: event.currentTarget.value })} maxLength={500} />
        <TextInput label={text.socialImage} value={settings.socialImage ?? ''} onChange={(event) => set({ socialImage: event.currentTarget.value })} />
        <TextInput label={text.favicon} value={settings.favicon ?? ''} onChange={(event) => set({ favicon: event.currentTarget.value })} />
        {page.pageType === 'PP' && (
          <>
            <Divider label={text.popup} />
            <Checkbox label={text.popupButton} checked={popup.button ?? true} onChange={(event) => setPopup({ button: event.currentTarget.checked })} data-testid="lp-popup-button" />
            <NumberInput label={text.popupDelay} min={0} max={600} value={popup.delaySeconds ?? ''} onChange={(value) => setPopup({ delaySeconds: optionalNumber(value) })} data-testid="lp-popup-delay" />
            <NumberInput label={text.popupScroll} min={1} max={100} value={popup.scrollPercent ?? ''} onChange={(value) => setPopup({ scrollPercent: optionalNumber(value) })} />
            <Checkbox label={text.popupExit} checked={popup.exitIntent ?? false} onChange={(event) => setPopup({ exitIntent: event.currentTarget.checked })} />
            <Select label={text.popupFrequency} data={POPUP_FREQUENCIES.map(String)} value={String(popup.frequency ?? 1)} onChange={(value) => setPopup({ frequency: Number(value) as never })} allowDeselect={false} />
            <Select label={text.popupDuration} data={POPUP_DURATIONS.map(String)} value={String(popup.duration ?? 1)} onChange={(value) => setPopup({ duration: Number(value) as never })} allowDeselect={false} />
          </>
        )}
        <Divider label={text.redirect} />
        <Switch label={text.redirectEnabled} checked={redirect.enabled ?? false} onChange={(event) => setRedirect({ enabled: event.currentTarget.checked })} />
        {redirect.enabled && (
          <>
            <TextInput label={text.redirectUrl} value={redirect.url ?? ''} onChange={(event) => setRedirect({ url: event.currentTarget.value })} />
            <NumberInput label={text.redirectDelay} min={0} max={600} value={redirect.delaySeconds ?? 5} onChange={(value) => setRedirect({ delaySeconds: Number(value) || 0 })} />
          </>
        )}
        <Divider />
        <Switch label={text.stickyHeader} checked={settings.stickyHeader ?? false} onChange={(event) => set({ stickyHeader: event.currentTarget.checked })} />
        <TextInput label={text.backgroundVideo} value={settings.backgroundVideo ?? ''} onChange={(event) => set({ backgroundVideo: event.currentTarget.value })} />
        <Button onClick={onClose} data-testid="lp-settings-apply">
          {text.apply}
        </Button>
      </Stack>
    </Drawer>
  );
}

function VersionsDrawer({ opened, onClose, page, onRolledBack }: { opened: boolean; onClose: () => void; page: LandingPage; onRolledBack: (page: LandingPage) => void }) {
  const versions = useApiQuery(queryKeys.detail('landingPages', page.id, { versions: opened }), (signal) => (opened ? listVersions(page.id, signal) : Promise.resolve({ items: [] })), { fresh: true });
  const back = useApiMutation((versionId: number) => rollBack(page.id, versionId), { invalidates: ['landingPages'] });
  return (
    <Drawer opened={opened} onClose={onClose} title={text.versions} position="right" size="md">
      <Table>
        <Table.Tbody>
          {(versions.data?.items ?? []).map((version) => (
            <Table.Tr key={version.id} data-testid={`lp-version-${version.number}`}>
              <Table.Td>
                <Text fw={500}>{text.version(version.number)}</Text>
                <Text size="xs" c="dimmed">
                  {version.createdByEmail}
                </Text>
              </Table.Td>
              <Table.Td>
                {version.id === page.publishedVersionId && <Badge color="green">{text.live}</Badge>}
                {version.id === page.currentVersion?.id && <Badge variant="light">{text.current}</Badge>}
              </Table.Td>
              <Table.Td>
                {version.id !== page.currentVersion?.id && (
                  <Button size="xs" variant="default" onClick={() => back.mutate(version.id, { onSuccess: (saved) => { toast('success', text.rolledBack(version.number)); onRolledBack(saved); } })} data-testid={`lp-rollback-${version.number}`}>
                    {text.rollBack}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Drawer>
  );
}
