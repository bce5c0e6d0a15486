import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconDots, IconFolderPlus, IconFolders, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { deleteTemplateFolder, renameTemplateFolder, type TemplateFolder, type TemplateType } from '../../api/templates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FolderTree, type FolderTreeNode } from '../../components/folders/FolderTree';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { FolderCreateModal } from './FolderCreateModal';
import { folderNameError, toastFolderAnswer } from './folder-rules';
import { FolderRename } from './FolderRename';
import { templateMessages as text } from './messages';

interface TemplateFoldersProps {
  type: TemplateType;
  folders: TemplateFolder[] | null;
  /** The folder shown, or null for every template of the type. */
  selected: number | null;
  onSelect: (folderId: number | null) => void;
  /** Reloads the folders (and the templates, whose folder may have gone). */
  onChanged: () => void;
}

function asNodes(folders: TemplateFolder[], byId: Map<number, TemplateFolder>): FolderTreeNode[] {
  return folders.map((folder) => {
    byId.set(folder._id, folder);
    return { id: folder._id, name: folder.name, count: folder.templateCount, subfolders: asNodes(folder.subfolders ?? [], byId) };
  });
}

/** The folders of one template type (spec 3, 7): choose one, create subfolders, rename inline, delete. */
export function TemplateFolders({ type, folders, selected, onSelect, onChanged }: TemplateFoldersProps) {
  // The parent of the folder being created: null for a top-level folder, undefined when none is.
  const [creatingIn, setCreatingIn] = useState<TemplateFolder | null | undefined>(undefined);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TemplateFolder | null>(null);
  const [busy, setBusy] = useState(false);
  const { nodes, byId } = useMemo(() => {
    const index = new Map<number, TemplateFolder>();
    return { nodes: folders === null ? null : asNodes(folders, index), byId: index };
  }, [folders]);

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

  const menu = (node: FolderTreeNode) => {
    const folder = byId.get(node.id)!;
    return (
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
    );
  };

  return (
    <>
      <FolderTree
        label={text.folders}
        headerAction={
          <Button size="compact-sm" variant="subtle" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => setCreatingIn(null)} data-testid="folder-new">
            {text.newFolder}
          </Button>
        }
        folders={nodes}
        selected={selected}
        onSelect={onSelect}
        root={{ label: text.allTemplates, icon: <IconFolders size={16} aria-hidden />, testId: 'folder-all' }}
        countLabel={text.templateCount}
        actions={menu}
        replaceRow={(node) =>
          renaming === node.id ? <FolderRename folder={node} onSave={(name) => void rename(byId.get(node.id)!, name)} onCancel={() => setRenaming(null)} /> : null
        }
        testId="folder-tree"
      />
      <FolderCreateModal type={type} parent={creatingIn} onClose={() => setCreatingIn(undefined)} onCreated={onChanged} />
      <ConfirmDialog
        opened={deleting !== null}
        title={text.deleteFolderTitle}
        message={deleting ? text.deleteFolderConfirm(deleting.name) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
