import { apiRequest } from '../../../api/client';
import type { ResponseOf } from '../../../api/types';
import type { ImportKind, ImportStart, ImportSummary, ImportUpload, JobRef, Page } from '../types';

export function uploadImport(file: File, kind: ImportKind): Promise<ImportUpload> {
  const body = new FormData();
  body.set('file', file);
  body.set('kind', kind);
  return apiRequest<ImportUpload>('/api/mm/imports', { method: 'POST', body });
}

/** An upload as the worker has read it so far: an .xlsx file stays 'pending' until then. */
export function getImportInspection(id: number, signal?: AbortSignal): Promise<ImportUpload> {
  return apiRequest<ImportUpload>(`/api/mm/imports/${id}/inspection`, { signal });
}

export function startImport(id: number, body: ImportStart): Promise<JobRef> {
  return apiRequest<JobRef>(`/api/mm/imports/${id}/start`, { method: 'POST', body });
}

export function getImport(id: number, signal?: AbortSignal): Promise<ImportSummary> {
  return apiRequest<ImportSummary>(`/api/mm/imports/${id}`, { signal });
}

export function listImports(
  query: { kind: ImportKind; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<ImportSummary>> {
  return apiRequest<Page<ImportSummary>>('/api/mm/imports', { query, signal });
}

/** A link to the import's error report that works once, for a minute: the browser
 * downloads it itself (streamed, no copy in memory), without a header. */
export function importErrorsLink(id: number): Promise<ResponseOf<'/api/mm/imports/{import_id}/errors/link', 'post'>> {
  return apiRequest(`/api/mm/imports/${id}/errors/link`, { method: 'POST' });
}
