import { api, call } from './client';
import type { BodyOf, QueryOf, ResponseOf } from './types';

// The file manager's calls (marketing/files), shared: the File Manager screen and the template
// designer's image picker both list and upload through these.

export type StoredFile = ResponseOf<'/api/mm/files/{file_id}', 'get'>;
export type FilePage = ResponseOf<'/api/mm/files', 'get'>;
export type FileQuery = QueryOf<'/api/mm/files', 'get'>;
export type FileSort = NonNullable<FileQuery['sort']>;
export type FileFolderTree = ResponseOf<'/api/mm/files/folders', 'get'>;
export type FileFolderNode = FileFolderTree['folders'][number];
export type FileFolder = ResponseOf<'/api/mm/files/folders', 'post', 201>;
export type FolderChange = ResponseOf<'/api/mm/files/folders/{folder_id}', 'patch'>;
type FolderIn = BodyOf<'/api/mm/files/folders', 'post'>;

/** Spec 9: upload max 4MB, images only; the server judges the bytes, these are the first check. */
export const FILE_MAX_BYTES = 4 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.jpe', '.gif', '.webp'] as const;

/** Why a picked file cannot be uploaded ('type' or 'size'), or null when it may be sent. */
export function fileRefusal(file: Pick<File, 'name' | 'size' | 'type'>): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  const typed = (IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!typed || !IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'type';
  if (file.size > FILE_MAX_BYTES) return 'size';
  return null;
}

/** A page of files: one folder's (the root's without folderId), or every folder's with allFolders. */
export function listFiles(query: FileQuery, signal?: AbortSignal): Promise<FilePage> {
  return call(api.GET('/api/mm/files', { params: { query }, signal }));
}

export function getFile(id: number, signal?: AbortSignal): Promise<StoredFile> {
  return call(api.GET('/api/mm/files/{file_id}', { params: { path: { file_id: id } }, signal }));
}

/** The client's folders, nested, each level sorted by name. */
export function listFileFolders(signal?: AbortSignal): Promise<FileFolderTree> {
  return call(api.GET('/api/mm/files/folders', { signal }));
}

export function uploadFile(file: File, folderId: number | null = null): Promise<StoredFile> {
  return call(
    api.POST('/api/mm/files', {
      // The schema describes the file part as a binary string: the form carries the File itself.
      body: { file: file.name, folderId },
      bodySerializer: (body) => {
        const form = new FormData();
        form.set('file', file);
        if (body.folderId != null) form.set('folderId', String(body.folderId));
        return form;
      },
    }),
  );
}

export function createFileFolder(body: FolderIn): Promise<FileFolder> {
  return call(api.POST('/api/mm/files/folders', { body }));
}

export function renameFileFolder(id: number, name: string): Promise<FolderChange> {
  return call(api.PATCH('/api/mm/files/folders/{folder_id}', { params: { path: { folder_id: id } }, body: { name } }));
}

export function deleteFileFolder(id: number): Promise<FolderChange> {
  return call(api.DELETE('/api/mm/files/folders/{folder_id}', { params: { path: { folder_id: id } } }));
}

export function renameFile(id: number, name: string): Promise<StoredFile> {
  return call(api.PATCH('/api/mm/files/{file_id}', { params: { path: { file_id: id } }, body: { name } }));
}

/** Moves a file into a folder, or to the root with null. */
export function moveFile(id: number, folderId: number | null): Promise<StoredFile> {
  return call(api.POST('/api/mm/files/{file_id}/move', { params: { path: { file_id: id } }, body: { folderId } }));
}

export function deleteFile(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/files/{file_id}', { params: { path: { file_id: id } } }));
}
