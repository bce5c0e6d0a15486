import { ActionIcon, Badge, Box, Button, Group, Menu, Modal, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCheck, IconDots, IconFolder, IconFolderOpen, IconFolderPlus, IconFolders, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { createTemplateFolder, deleteTemplateFolder, renameTemplateFolder, type TemplateFolder, type TemplateType } from '../../api/templates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DialogActions } from '../../components/DialogActions';
import { messages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { folderNameError, toastFolderAnswer } from './folder-rules';
import { templateMessages as text } from './messages';
import { inlineNameMax } from './template-types';

interface FolderTreeProps {
  type: TemplateType;
  folders: TemplateFolder[] | null;
  /** The folder shown, or null for every template of the type. */
  selected: number | null;
  onSelect: (folderId: number | null) => void;
  /** Reloads the folders (and the templates, whose folder may have gone). */
  onChanged: () => void;
}

/** The folders of one template type (spec 3, 7): choose one, create subfolders, rename inline, delete. */
export function FolderTree({ type, folders, selected, onSelect, onChanged }: FolderTreeProps) {
  // The parent of the folder being created: null for a top-level folder, undefined when none is.
  const [creatingIn, setCreatingIn] = useState<TemplateFolder | null | undefined>(undefined);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TemplateFolder | null>(null);
  const [busy, setBusy] = useState(false);

  const rename = async (folder: TemplateFolder, name: string) => {
    if (name.trim() === folder.name) {
      setRenaming(null);
      return;
    }
    const error = folderNameError(name);
    if (error) {
      toast('error', error);
      return;
    }
    try {
      if (toastFolderAnswer(await renameTemplateFolder(folder._id, name.trim()))) {
        setRenaming(null);
        onChanged();
      }
    } catch (caught) {
      toastError(caught);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const deleted = toastFolderAnswer(await deleteTemplateFolder(deleting._id));
      if (deleted && selected === deleting._id) onSelect(null);
      setDeleting(null);
      if (deleted) onChanged();
    } catch (caught) {
      toastError(caught);
    } finally {
      setBusy(false);
    }
  };

  const renderFolder = (folder: TemplateFolder, depth: number) => {
    const active = selected === folder._id;
    return (
      <Box key={folder._id} data-testid={`folder-${folder._id}`}>
        <Group gap={2} wrap="nowrap" pl={depth * 14}>
          {renaming === folder._id ? (
            <InlineRename folder={folder} onSave={(name) => void rename(folder, name)} onCancel={() => setRenaming(null)} />
          ) : (
            <UnstyledButton
              onClick={() => onSelect(folder._id)}
              aria-current={active ? 'true' : undefined}
              style={{ flex: 1, minWidth: 0, borderRadius: 4 }}
              bg={active ? 'var(--mantine-primary-color-light)' : undefined}
              px={6}
              py={4}
              data-testid="folder-select"
            >
              <Group gap={6} wrap="nowrap">
                {active ? <IconFolderOpen size={16} aria-hidden /> : <IconFolder size={16} aria-hidden />}
                <Text size="sm" truncate="end" fw={active ? 600 : 400} style={{ flex: 1 }}>
                  {folder.name}
                </Text>
                <Badge size="xs" variant="light" color="gray">
                  {folder.templateCount}
                </Badge>
              </Group>
            </UnstyledButton>
          )}
          {renaming !== folder._id && (
            // The rename field takes the focus: the menu gives it back to its button only when it has nothing to hand it to.
            <Menu position="bottom-end" withinPortal hideDetached={false} returnFocus={false}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={text.folderActions(folder.name)} data-testid="folder-menu">
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => setCreatingIn(folder)}>
                  {text.addSubfolder}
                </Menu.Item>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setRenaming(folder._id)}>
                  {text.rename}
                </Menu.Item>
                <Menu.Item leftSection={<IconTrash size={16} aria-hidden />} color="red" onClick={() => setDeleting(folder)}>
                  {text.delete}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {(folder.subfolders ?? []).map((child) => renderFolder(child, depth + 1))}
      </Box>
    );
  };

  return (
    <Stack gap={4} data-testid="folder-tree">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" id="folders-heading">
          {text.folders}
        </Text>
        <Button size="compact-sm" variant="subtle" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => setCreatingIn(null)} data-testid="folder-new">
          {text.newFolder}
        </Button>
      </Group>
      <nav aria-labelledby="folders-heading">
        <UnstyledButton
          onClick={() => onSelect(null)}
          aria-current={selected === null ? 'true' : undefined}
          bg={selected === null ? 'var(--mantine-primary-color-light)' : undefined}
          w="100%"
          px={6}
          py={4}
          style={{ borderRadius: 4 }}
          data-testid="folder-all"
        >
          <Group gap={6} wrap="nowrap">
            <IconFolders size={16} aria-hidden />
            <Text size="sm" fw={selected === null ? 600 : 400}>
              {text.allTemplates}
            </Text>
          </Group>
        </UnstyledButton>
        {folders === null ? <Skeleton height={90} mt="xs" /> : folders.map((folder) => renderFolder(folder, 0))}
      </nav>
      <CreateFolderModal type={type} parent={creatingIn} onClose={() => setCreatingIn(undefined)} onCreated={onChanged} />
      <ConfirmDialog
        opened={deleting !== null}
        title={text.deleteFolderTitle}
        message={deleting ? text.deleteFolderConfirm(deleting.name) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

function InlineRename({ folder, onSave, onCancel }: { folder: TemplateFolder; onSave: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(folder.name);
  return (
    <Group gap={2} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={text.renameFolder(folder.name)}
        value={name}
        maxLength={inlineNameMax}
        autoFocus
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSave(name);
          if (event.key === 'Escape') onCancel();
        }}
        data-testid="folder-rename-input"
      />
      <ActionIcon variant="subtle" size="sm" aria-label={messages.save} onClick={() => onSave(name)} data-testid="folder-rename-save">
        <IconCheck size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={messages.cancel} onClick={onCancel}>
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

interface CreateFolderModalProps {
  type: TemplateType;
  /** Where the folder goes: null at the top, undefined while the modal is closed. */
  parent: TemplateFolder | null | undefined;
  onClose: () => void;
  onCreated: () => void;
}

function CreateFolderModal({ type, parent, onClose, onCreated }: CreateFolderModalProps) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const close = () => {
    setName('');
    onClose();
  };

  const submit = async () => {
    const error = folderNameError(name);
    if (error) {
      toast('error', error);
      return;
    }
    setSaving(true);
    try {
      await createTemplateFolder({ name: name.trim(), type, parentId: parent?._id ?? null });
      toast('success', text.folderCreated);
      onCreated();
      close();
    } catch (caught) {
      toastError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={parent !== undefined} onClose={close} title={parent ? text.newSubfolder(parent.name) : text.newFolder} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={text.folderName}
            value={name}
            maxLength={inlineNameMax}
            description={text.nameMax}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            data-testid="folder-name-input"
          />
          <DialogActions onCancel={close} busy={saving} testId="folder-create-save" />
        </Stack>
      </form>
    </Modal>
  );
}
