import { Box, Button, Group, Menu, Modal, Paper, Select, SimpleGrid, Skeleton, Stack, Tabs, TextInput } from '@mantine/core';
import { IconChevronDown, IconCode, IconFileText, IconFolderOpen, IconLayoutDashboard, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplateFolders,
  listTemplates,
  moveTemplate,
  type TemplateRow,
  type TemplateSort,
  type TemplateType,
} from '../../api/templates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DialogActions } from '../../components/DialogActions';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { ListFooter } from '../../components/list/ListFooter';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { href } from '../../config/paths';
import { fillErrors } from '../../lib/form-helper';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { TemplateFolders } from './TemplateFolders';
import { templateMessages as text } from './messages';
import { PreviewDialog } from './preview/PreviewDialog';
import { TemplateCard, type CardAction } from './TemplateCard';
import { editHref, editorOf, findFolder, folderFromValue, folderOptions, folderValue, isTemplateType, templateTypes, typeLabel } from './template-types';

const sortOptions: { value: TemplateSort; label: string }[] = [
  { value: '-updatedAt', label: text.sortUpdatedDesc },
  { value: 'updatedAt', label: text.sortUpdatedAsc },
  { value: 'name', label: text.sortNameAsc },
  { value: '-name', label: text.sortNameDesc },
  { value: '-createdAt', label: text.sortCreatedDesc },
  { value: 'createdAt', label: text.sortCreatedAsc },
];

/**
 * Templates (spec 2.1 /templates?isReload=true): the gallery of one template type, in its
 * folders (spec 3, 7), searched, sorted and paged (spec 9). The type and folder live in the
 * address (?type=&folderId=), so a reload or a link back lands on the same place.
 */
export default function TemplatesPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const typeParam = searchParams.get('type');
  const type: TemplateType = isTemplateType(typeParam) ? typeParam : 'designer';
  const folderParam = Number(searchParams.get('folderId'));
  const folderId = Number.isInteger(folderParam) && folderParam > 0 ? folderParam : null;

  const list = useListQuery();
  const [sort, setSort] = useState<TemplateSort>('-updatedAt');
  const query = { ...list.params, sort, type, folderId: folderId ?? undefined };
  // ?isReload=true (the menu's link) loads afresh even when the page is open already.
  const arrival = searchParams.get('isReload') === 'true' ? location.key : '';
  const folders = useApiQuery(queryKeys.list('templateFolders', { type, arrival }), (signal) => getTemplateFolders(type, signal));
  const templates = useApiQuery(queryKeys.list('templates', { ...query, arrival }), (signal) => listTemplates(query, signal));

  const [previewing, setPreviewing] = useState<TemplateRow | null>(null);
  const [moving, setMoving] = useState<TemplateRow | null>(null);
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);

  const folderTree = folders.data?.folders ?? null;
  const folder = useMemo(() => findFolder(folderTree ?? [], folderId), [folderTree, folderId]);

  const place = (next: { type?: TemplateType; folderId?: number | null }) => {
    const params = new URLSearchParams();
    params.set('type', next.type ?? type);
    const nextFolder = next.type && next.type !== type ? null : next.folderId === undefined ? folderId : next.folderId;
    if (nextFolder) params.set('folderId', String(nextFolder));
    setSearchParams(params);
    list.setPage(1);
  };

  const invalidate = useInvalidate();
  const reloadAll = () => void invalidate('templateFolders', 'templates');

  const act = async (action: CardAction, template: TemplateRow) => {
    if (action === 'preview') setPreviewing(template);
    else if (action === 'move') setMoving(template);
    else if (action === 'delete') setDeleting(template);
    else {
      try {
        await duplicateTemplate(template.id);
        toast('success', text.duplicated);
        reloadAll();
      } catch (error) {
        toastError(error);
      }
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteTemplate(deleting.id);
      toast('success', text.deleted);
      setDeleting(null);
      reloadAll();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const startNew = (kind: 'designer' | 'html' | 'plainText') => {
    if (kind === 'designer') setCreating(true);
    else navigate(href(kind === 'html' ? '/htmlUpload' : '/plaintexteditor', { query: { folderId: editorOf(type) === kind ? folderId : null } }));
  };

  const newMenu = (testId: string) => (
    <Menu position="bottom-end" withinPortal hideDetached={false}>
      <Menu.Target>
        <Button rightSection={<IconChevronDown size={16} aria-hidden />} data-testid={testId}>
          {text.newTemplate}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLayoutDashboard size={16} aria-hidden />} onClick={() => startNew('designer')} data-testid="template-new-designer">
          {text.newDesigner}
        </Menu.Item>
        <Menu.Item leftSection={<IconCode size={16} aria-hidden />} onClick={() => startNew('html')} data-testid="template-new-html">
          {text.newHtml}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => startNew('plainText')} data-testid="template-new-plain">
          {text.newPlainText}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const items = templates.data?.items ?? [];
  const loadingFirst = templates.loading && templates.data === null;

  return (
    <Stack>
      <PageHeader title={text.title} description={text.intro} actions={newMenu('template-new')} />
      <Tabs value={type} onChange={(value) => isTemplateType(value) && place({ type: value })} keepMounted={false}>
        <Tabs.List aria-label={text.types}>
          {templateTypes.map((entry) => (
            <Tabs.Tab key={entry.value} value={entry.value} data-testid={`template-type-${entry.value}`}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Paper withBorder p="sm" w={240} style={{ flexShrink: 0 }}>
          <TemplateFolders type={type} folders={folderTree} selected={folderId} onSelect={(id) => place({ folderId: id })} onChanged={reloadAll} />
        </Paper>
        <Stack style={{ flex: 1, minWidth: 0 }}>
          <Group gap="sm" align="flex-end">
            <TextInput
              label={text.search}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={list.search}
              onChange={(event) => list.setSearch(event.currentTarget.value)}
              w={260}
              data-testid="template-search"
            />
            <Select
              label={text.sortBy}
              data={sortOptions}
              value={sort}
              allowDeselect={false}
              onChange={(value) => {
                if (!value) return;
                setSort(value as TemplateSort);
                list.setPage(1);
              }}
              w={220}
              data-testid="template-sort"
            />
          </Group>
          {templates.error && (
            <Box c="red.8" role="alert">
              {templates.error}
            </Box>
          )}
          {loadingFirst ? (
            <SimpleGrid cols={{ base: 2, lg: 3, xl: 4 }}>
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} height={220} radius="md" />
              ))}
            </SimpleGrid>
          ) : items.length === 0 ? (
            list.params.search ? (
              <EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="templates-no-match" />
            ) : folderId ? (
              <EmptyState icon={<IconFolderOpen />} title={text.emptyFolder} description={text.emptyHint} testId="templates-empty" action={newMenu('template-new-empty')} />
            ) : (
              <EmptyState icon={<IconTemplate />} title={text.empty(typeLabel(type))} description={text.emptyHint} testId="templates-empty" action={newMenu('template-new-empty')} />
            )
          ) : (
            <SimpleGrid cols={{ base: 2, lg: 3, xl: 4 }} data-testid="template-grid" style={{ opacity: templates.loading ? 0.6 : 1 }}>
              {items.map((template) => (
                <TemplateCard
                  key={`${template.id}:${template.thumbnailUrl ?? ''}`}
                  template={template}
                  timeZoneMinutes={status?.timeZoneMinutes ?? 0}
                  onAction={(action, row) => void act(action, row)}
                />
              ))}
            </SimpleGrid>
          )}
          <ListFooter answer={templates.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
        </Stack>
      </Group>
      <PreviewDialog
        templateId={previewing?.id ?? 0}
        opened={previewing !== null}
        templateName={previewing?.name}
        defaultTab={previewing?.type === 'plainText' ? 'text' : 'html'}
        onClose={() => setPreviewing(null)}
      />
      <MoveTemplateModal
        template={moving}
        options={folderOptions(folderTree ?? [], text.noFolder)}
        onClose={() => setMoving(null)}
        onMoved={() => {
          setMoving(null);
          reloadAll();
        }}
      />
      <CreateDesignerModal
        opened={creating}
        type={editorOf(type) === 'designer' ? type : 'designer'}
        folderId={editorOf(type) === 'designer' ? (folder?._id ?? null) : null}
        onClose={() => setCreating(false)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={text.deleteTitle}
        message={deleting ? text.deleteConfirm(deleting.name) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface MoveTemplateModalProps {
  template: TemplateRow | null;
  options: { value: string; label: string }[];
  onClose: () => void;
  onMoved: () => void;
}

function MoveTemplateModal({ template, options, onClose, onMoved }: MoveTemplateModalProps) {
  const [target, setTarget] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chosen = target ?? folderValue(template?.folderId);

  const submit = async () => {
    if (!template) return;
    setSaving(true);
    try {
      await moveTemplate(template.id, folderFromValue(chosen));
      toast('success', text.moved);
      setTarget(null);
      onMoved();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    setTarget(null);
    onClose();
  };

  return (
    <Modal opened={template !== null} onClose={close} title={template ? text.moveTitle(template.name) : ''} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Select label={text.folder} data={options} value={chosen} allowDeselect={false} onChange={setTarget} comboboxProps={{ withinPortal: false, hideDetached: false }} data-testid="move-folder" />
          <DialogActions onCancel={close} busy={saving} testId="move-save" />
        </Stack>
      </form>
    </Modal>
  );
}

interface CreateDesignerModalProps {
  opened: boolean;
  type: TemplateType;
  folderId: number | null;
  onClose: () => void;
}

/** A designer template starts with its name (spec 5.4: required, unique), then opens in the designer. */
function CreateDesignerModal({ opened, type, folderId, onClose }: CreateDesignerModalProps) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const [error] = fillErrors([{ label: text.newTemplateName, value: name }]);
    if (error) {
      toast('error', error);
      return;
    }
    setSaving(true);
    try {
      const template = await createTemplate({ name: name.trim(), type, folderId });
      setName('');
      navigate(editHref(template));
    } catch (caught) {
      toastError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={text.createTemplateTitle} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput label={text.newTemplateName} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus data-testid="template-name-input" />
          <DialogActions onCancel={onClose} busy={saving} confirmLabel={text.newTemplate} testId="template-create-save" />
        </Stack>
      </form>
    </Modal>
  );
}
