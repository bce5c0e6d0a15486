import { api, call } from '../../api/client';
import type { ResponseOf } from '../../api/types';

export type FileItem = ResponseOf<'/api/mm/files', 'get'>['items'][number];

// The asset manager shows the newest images of every folder: a few of the largest pages.
const PAGE_SIZE = 30;
const MAX_PAGES = 4;

/** The file manager's images, newest first, from every folder (at most 120). */
export async function listImages(signal?: AbortSignal): Promise<FileItem[]> {
  const files: FileItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await call(
      api.GET('/api/mm/files', { params: { query: { page, pageSize: PAGE_SIZE, allFolders: true, sort: '-dateCreated' } }, signal }),
    );
    files.push(...answer.items);
    if (page * PAGE_SIZE >= answer.total) break;
  }
  return files;
}

/** Uploads an image to the file manager's top level (images only, at most 4 MB: the server says). */
export function uploadImage(file: File): Promise<FileItem> {
  return call(
    api.POST('/api/mm/files', {
      // The schema describes the file part as a binary string: the form carries the File itself.
      body: { file: file.name, folderId: null },
      bodySerializer: () => {
        const form = new FormData();
        form.set('file', file);
        return form;
      },
    }),
  );
}
