import { apiBlob, apiRequest } from '../../../api/client';
import type { ImportKind, ImportStart, ImportSummary, ImportUpload, JobRef, Page } from '../types';

export function uploadImport(file: File, kind: ImportKind): Promise<ImportUpload> {
  const body = new FormData();
  body.set('file', file);
  body.set('kind', kind);
  return apiRequest<ImportUpload>('/api/mm/imports', { method: 'POST', body });
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

export function importErrors(id: number): Promise<Blob> {
  return apiBlob(`/api/mm/imports/${id}/errors`);
}
