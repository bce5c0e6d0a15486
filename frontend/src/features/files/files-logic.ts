import type { FileFolderNode } from '../../api/files';

export interface FolderChoice {
  id: number;
  /** The folder's path from the root, e.g. "Brand / Logos". */
  label: string;
  depth: number;
}

/** Every folder, depth first in the tree's order, with its path: for pickers and the breadcrumb. */
export function flattenFolders(folders: FileFolderNode[], parents: string[] = [], depth = 0): FolderChoice[] {
  return folders.flatMap((folder) => [
    { id: folder.id, label: [...parents, folder.name].join(' / '), depth },
    ...flattenFolders(folder.subfolders, [...parents, folder.name], depth + 1),
  ]);
}

/** The folders from the root down to `id` (empty for the root or an unknown id). */
export function folderTrail(folders: FileFolderNode[], id: number | null): FileFolderNode[] {
  if (id === null) return [];
  for (const folder of folders) {
    if (folder.id === id) return [folder];
    const below = folderTrail(folder.subfolders, id);
    if (below.length) return [folder, ...below];
  }
  return [];
}

const units = ['B', 'KB', 'MB', 'GB'];

/** A size people read: 532 B, 12.4 KB, 3.9 MB (1 KB = 1,024 bytes, as operating systems show). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

/** The short type a person recognises: "image/jpeg" -> "JPEG". */
export function formatFileType(contentType: string): string {
  return (contentType.split('/')[1] ?? contentType).toUpperCase();
}

/** The name dialog's first check, the server's rules in short: required, and a folder's at most 20 characters. */
export function nameProblem(name: string, kind: 'folder' | 'file'): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (kind === 'folder' && trimmed.length > 20) return 'tooLong';
  return null;
}
