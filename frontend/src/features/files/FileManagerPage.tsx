import '@mantine/dropzone/styles.css';
import { ActionIcon, Anchor, Breadcrumbs, Button, Checkbox, Grid, Group, Image, Menu, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  IconArrowsMove,
  IconCopy,
  IconDots,
  IconFolderPlus,
  IconPencil,
  IconPhoto,
  IconSearch,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import {
  FILE_MAX_BYTES,
  IMAGE_TYPES,
  createFileFolder,
  deleteFile,
  deleteFileFolder,
  fileRefusal,
  listFileFolders,
  listFiles,
  moveFile,
  renameFile,
  renameFileFolder,
  uploadFile,
  type FileSort,
  type StoredFile,
} from '../../api/files';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import type { SortField } from '../../components/list/page-sizes';
import { formatClientDateTime } from '../../lib/format';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { folderTrail, formatFileSize, formatFileType } from './files-logic';
import { FileFolders } from './FileFolders';
import { MoveDialog } from './MoveDialog';
import { NameDialog } from './NameDialog';
import { fileMessages as text } from './messages';

type FileSortField = SortField<FileSort>;
type Naming = { kind: 'newFolder' } | { kind: 'renameFolder'; id: number; name: string } | { kind: 'renameFile'; file: StoredFile };
type Deleting = { kind: 'file'; file: StoredFile } | { kind: 'folder'; id: number; name: string };

/** File Manager (spec 2.2 /fileManager): the client's images in folders, to upload, organise and link from emails. */
export default function FileManagerPage() {
  const { status } = useSession();
  const zoneMinutes = status?.timeZoneMinutes ?? 0;
  const [folderId, setFolderId] = useState<number | null>(null);
  const [everywhere, setEverywhere] = useState(false);
  const list = useListQuery<FileSortField>({ sort: '-dateCreated' });
  const query = { ...list.params, folderId: everywhere ? undefined : (folderId ?? undefined), allFolders: everywhere || undefined };
  const files = useApiQuery(queryKeys.list('files', query), (signal) => listFiles(query, signal));
  const tree = useApiQuery(queryKeys.list('fileFolders'), (signal) => listFileFolders(signal));
  const folders = tree.data?.folders ?? null;
  const trail = useMemo(() => folderTrail(folders ?? [], folderId), [folders, folderId]);
  const openRef = useRef<() => void>(null);
  const [uploading, setUploading] = useState(false);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [moving, setMoving] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const invalidate = useInvalidate();
  const reloadAll = () => void invalidate('files', 'fileFolders');
  const selectFolder = (id: number | null) => {
    setFolderId(id);
    setEverywhere(false);
    list.setPage(1);
  };

  const upload = async (picked: File[]) => {
    const accepted = picked.filter((file) => {
      const refusal = fileRefusal(file);
      if (refusal) toast('error', refusal === 'size' ? text.tooLarge(file.name) : text.notImage(file.name));
      return refusal === null;
    });
    if (!accepted.length) return;
    setUploading(true);
    let done = 0;
    for (const file of accepted) {
      try {
        await uploadFile(file, folderId);
        done += 1;
      } catch (error) {
        toastError(error instanceof Error ? new Error(`${file.name}: ${error.message}`) : error);
      }
    }
    setUploading(false);
    if (done) toast('success', text.uploaded(done));
    reloadAll();
  };

  const reject = (rejections: FileRejection[]) => {
    for (const { file, errors } of rejections) {
      const tooLarge = errors.some((error) => error.code === 'file-too-large');
      toast('error', tooLarge ? text.tooLarge(file.name) : text.notImage(file.name));
    }
  };

  const saveName = async (name: string) => {
    if (!naming) return;
    if (naming.kind === 'newFolder') {
      const folder = await createFileFolder({ name, parentId: folderId });
      toast('success', text.folderCreated);
      void invalidate('fileFolders');
      selectFolder(folder.id);
    } else if (naming.kind === 'renameFolder') {
      const answer = await renameFileFolder(naming.id, name);
      toast('success', answer.message);
      void invalidate('fileFolders');
    } else {
      await renameFile(naming.file.id, name);
      toast('success', text.fileRenamed);
      void invalidate('files');
    }
  };

  const move = async (file: StoredFile, target: number | null) => {
    await moveFile(file.id, target);
    toast('success', text.fileMoved);
    reloadAll();
  };

  const remove = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      if (deleting.kind === 'file') {
        await deleteFile(deleting.file.id);
        toast('success', text.fileDeleted);
      } else {
        const answer = await deleteFileFolder(deleting.id);
        toast('success', answer.message);
        selectFolder(trail.length > 1 ? trail[trail.length - 2].id : null);
      }
      setDeleting(null);
      reloadAll();
    } catch (error) {
      toastError(error);
      setDeleting(null);
    } finally {
      setDeleteBusy(false);
    }
  };

  const copyUrl = async (file: StoredFile) => {
    try {
      await navigator.clipboard.writeText(file.filePath);
      toast('success', text.urlCopied);
    } catch {
      toast('error', text.urlNotCopied);
    }
  };

  const current = trail.at(-1);
  const items = files.data?.items ?? [];
  const searching = Boolean(list.params.search);

  return (
    <Stack>
      <PageHeader
        title={text.title}
        description={text.intro}
        actions={
          <>
            <Button variant="subtle" leftSection={<IconFolderPlus size={16} />} onClick={() => setNaming({ kind: 'newFolder' })} data-testid="new-folder">
              {folderId === null ? text.newFolder : text.newSubfolder}
            </Button>
            <Button leftSection={<IconUpload size={16} />} onClick={() => openRef.current?.()} loading={uploading} data-testid="upload-button">
              {text.upload}
            </Button>
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Paper withBorder p="xs">
            <FileFolders folders={folders} current={folderId} openIds={trail.map((folder) => folder.id)} onSelect={selectFolder} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Stack>
            <Group justify="space-between" wrap="nowrap">
              <Breadcrumbs aria-label={text.folders} data-testid="breadcrumb">
                <Anchor component="button" type="button" onClick={() => selectFolder(null)} size="sm">
                  {text.root}
                </Anchor>
                {trail.map((folder) => (
                  <Anchor key={folder.id} component="button" type="button" onClick={() => selectFolder(folder.id)} size="sm">
                    {folder.name}
                  </Anchor>
                ))}
              </Breadcrumbs>
              {current && (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setNaming({ kind: 'renameFolder', id: current.id, name: current.name })}
                    data-testid="rename-folder"
                  >
                    {text.renameFolder}
                  </Button>
                  <Button
                    variant="subtle"
                    size="xs"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setDeleting({ kind: 'folder', id: current.id, name: current.name })}
                    data-testid="delete-folder"
                  >
                    {text.deleteFolder}
                  </Button>
                </Group>
              )}
            </Group>
            <Dropzone
              openRef={openRef}
              onDrop={(picked) => void upload(picked)}
              onReject={reject}
              accept={[...IMAGE_TYPES]}
              maxSize={FILE_MAX_BYTES}
              loading={uploading}
              // Mantine's hidden file input has no name of its own (axe: "label").
              inputProps={{ 'aria-label': text.dropLabel }}
              data-testid="file-dropzone"
            >
              <Group justify="center" gap="sm" py="sm" style={{ pointerEvents: 'none' }}>
                <IconPhoto size={28} stroke={1.5} aria-hidden />
                <div>
                  <Text>{text.dropTitle}</Text>
                  <Text size="sm" c="dimmed">
                    {text.dropHint}
                  </Text>
                </div>
              </Group>
            </Dropzone>
            <Group align="flex-end">
              <TextInput
                label={text.search}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={list.search}
                onChange={(event) => list.setSearch(event.currentTarget.value)}
                w={280}
                data-testid="file-search"
              />
              <Checkbox
                label={text.searchEverywhere}
                checked={everywhere}
                onChange={(event) => {
                  setEverywhere(event.currentTarget.checked);
                  list.setPage(1);
                }}
                mb={8}
                data-testid="search-everywhere"
              />
            </Group>
            <DataTable
              testId="files-table"
              highlightOnHover
              loading={files.loading}
              error={files.error}
              columnCount={6}
              minWidth={720}
              head={
                <>
                  <Table.Th>{text.thumbnail}</Table.Th>
                  <SortableTh label={text.name} field="name" sort={list.sort} onSort={list.toggleSort} />
                  <Table.Th>{text.type}</Table.Th>
                  <SortableTh label={text.size} field="size" sort={list.sort} onSort={list.toggleSort} />
                  <SortableTh label={text.dateCreated} field="dateCreated" sort={list.sort} onSort={list.toggleSort} />
                  <Table.Th>{text.actions}</Table.Th>
                </>
              }
              empty={
                searching ? (
                  <EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="files-no-match" />
                ) : (
                  <EmptyState
                    icon={<IconPhoto />}
                    title={text.empty}
                    description={text.emptyHint}
                    testId="files-empty"
                    action={<Button onClick={() => openRef.current?.()}>{text.upload}</Button>}
                  />
                )
              }
              rows={items}
              renderRow={(file) => (
                <Table.Tr key={file.id} data-testid={`file-row-${file.id}`}>
                  <Table.Td w={64}>
                    <Image src={file.filePath} alt="" w={48} h={48} fit="contain" radius="sm" loading="lazy" />
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={file.filePath} target="_blank" rel="noopener noreferrer" fw={500} data-testid="file-name">
                      {file.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatFileType(file.type)}</Table.Td>
                  <Table.Td>{formatFileSize(file.size)}</Table.Td>
                  <Table.Td>{formatClientDateTime(file.dateCreated, zoneMinutes)}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={text.actionsFor(file.name)} data-testid={`file-actions-${file.id}`}>
                          <IconDots size={18} stroke={1.75} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void copyUrl(file)} data-testid="file-copy-url">
                          {text.copyUrl}
                        </Menu.Item>
                        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setNaming({ kind: 'renameFile', file })} data-testid="file-rename">
                          {text.rename}
                        </Menu.Item>
                        <Menu.Item leftSection={<IconArrowsMove size={14} />} onClick={() => setMoving(file)} data-testid="file-move">
                          {text.move}
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting({ kind: 'file', file })} data-testid="file-delete">
                          {text.delete}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              )}
            />
            <ListFooter answer={files.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
          </Stack>
        </Grid.Col>
      </Grid>
      <NameDialog
        opened={naming !== null}
        title={naming?.kind === 'renameFile' ? text.renameFileTitle : naming?.kind === 'renameFolder' ? text.renameFolderTitle : text.createFolderTitle}
        label={naming?.kind === 'renameFile' ? text.fileName : text.folderName}
        kind={naming?.kind === 'renameFile' ? 'file' : 'folder'}
        initial={naming?.kind === 'renameFile' ? naming.file.name : naming?.kind === 'renameFolder' ? naming.name : ''}
        onSave={saveName}
        onClose={() => setNaming(null)}
      />
      <MoveDialog file={moving} folders={folders ?? []} onMove={move} onClose={() => setMoving(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.bulkConfirmTitle}
        message={deleting ? (deleting.kind === 'file' ? text.deleteFileConfirm(deleting.file.name) : text.deleteFolderConfirm(deleting.name)) : ''}
        busy={deleteBusy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
