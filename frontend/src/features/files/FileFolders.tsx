import { IconPhoto } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { FileFolderNode } from '../../api/files';
import { FolderTree, type FolderTreeNode } from '../../components/folders/FolderTree';
import { fileMessages as text } from './messages';

interface FileFoldersProps {
  folders: FileFolderNode[] | null;
  current: number | null;
  /** The folders from the root to the current one: those stay open. */
  openIds: number[];
  onSelect: (id: number | null) => void;
}

function asNodes(folders: FileFolderNode[]): FolderTreeNode[] {
  return folders.map((folder) => ({ id: folder.id, name: folder.name, count: folder.fileCount, subfolders: asNodes(folder.subfolders) }));
}

/** The file manager's folders: the root ("Files") and every folder, open along the current one's trail. */
export function FileFolders({ folders, current, openIds, onSelect }: FileFoldersProps) {
  const nodes = useMemo(() => (folders === null ? null : asNodes(folders)), [folders]);
  return (
    <FolderTree
      label={text.folders}
      folders={nodes}
      selected={current}
      onSelect={onSelect}
      root={{ label: text.root, icon: <IconPhoto size={16} aria-hidden />, testId: 'folder-root' }}
      countLabel={text.imageCount}
      openIds={openIds}
      testId="folder-nav"
    />
  );
}
