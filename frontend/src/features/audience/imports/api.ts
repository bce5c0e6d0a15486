import { api, call } from '../../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../../api/types';

export type ImportKind = NonNullable<BodyOf<'/api/mm/imports', 'post'>['kind']>;
export type ImportUpload = ResponseOf<'/api/mm/imports', 'post', 201>;
export type ImportStart = BodyOf<'/api/mm/imports/{import_id}/start', 'post'>;
export type ImportSummary = ResponseOf<'/api/mm/imports/{import_id}', 'get'>;
type ImportQuery = QueryOf<'/api/mm/imports', 'get'>;

export function uploadImport(file: File, kind: ImportKind): Promise<ImportUpload> {
  return call(
    api.POST('/api/mm/imports', {
      // The schema describes the file part as a binary string: the form carries the File itself.
      body: { file: file.name, kind },
      bodySerializer: (body) => {
        const form = new FormData();
        form.set('file', file);
        if (body.kind) form.set('kind', body.kind);
        return form;
      },
    }),
  );
}

/** An upload as the worker has read it so far: an .xlsx file stays 'pending' until then. */
export function getImportInspection(id: number, signal?: AbortSignal): Promise<ImportUpload> {
  return call(api.GET('/api/mm/imports/{import_id}/inspection', { params: { path: { import_id: id } }, signal }));
}

export function startImport(id: number, body: ImportStart) {
  return call(api.POST('/api/mm/imports/{import_id}/start', { params: { path: { import_id: id } }, body }));
}

export function getImport(id: number, signal?: AbortSignal): Promise<ImportSummary> {
  return call(api.GET('/api/mm/imports/{import_id}', { params: { path: { import_id: id } }, signal }));
}

export function listImports(query: ImportQuery & { kind: ImportKind }, signal?: AbortSignal) {
  return call(api.GET('/api/mm/imports', { params: { query }, signal }));
}

/** A link to the import's error report that works once, for a minute: the browser
 * downloads it itself (streamed, no copy in memory), without a header. */
export function importErrorsLink(id: number) {
  return call(api.POST('/api/mm/imports/{import_id}/errors/link', { params: { path: { import_id: id } } }));
}
