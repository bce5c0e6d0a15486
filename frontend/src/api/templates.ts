import { api, call } from './client';
import type { components } from './schema';
import type { BodyOf, QueryOf, ResponseOf } from './types';

// Typed wrappers over the content API (marketing/content): template folders, templates,
// campaign headers and footers, and the public template preview.

export type TemplateType = BodyOf<'/api/mm/templates', 'post'>['type'];
export type TemplateQuery = QueryOf<'/api/mm/templates', 'get'> & { type: TemplateType };
export type TemplateSort = NonNullable<TemplateQuery['sort']>;
export type TemplateFolder = components['schemas']['FolderNodeOut'];
export type FolderAnswer = Pick<components['schemas']['StatusMessageOut'], 'status' | 'message'>;
export type TemplatePage = ResponseOf<'/api/mm/templates', 'get'>;
/** A row of the gallery; its type is one of TemplateType. */
export type TemplateRow = Omit<TemplatePage['items'][number], 'type'> & { type: TemplateType };
export type Template = Omit<ResponseOf<'/api/mm/templates/{template_id}', 'get'>, 'type'> & { type: TemplateType };
export type TemplateFields = BodyOf<'/api/mm/templates/{template_id}', 'patch'>;
export type TemplatePreview = ResponseOf<'/api/mm/templates/{template_id}/preview', 'get'>;
export type ExternalPreview = ResponseOf<'/api/external/previewTemplate', 'get'>;

export type HeaderFooterKind = 'header' | 'footer';
export type HeaderFooterQuery = QueryOf<'/api/mm/campaignFooters', 'get'>;
export type CampaignHeader = ResponseOf<'/api/mm/campaignHeaders/{header_id}', 'get'>;
export type CampaignFooter = ResponseOf<'/api/mm/campaignFooters/{footer_id}', 'get'>;
/** A header, or a footer with its colours and default flag. */
export type HeaderFooter = CampaignHeader & Partial<Pick<CampaignFooter, 'backgroundColor' | 'fontColor' | 'isDefault'>>;
export type HeaderFooterFields = BodyOf<'/api/mm/campaignFooters/{footer_id}', 'patch'>;
export type AssociatedCampaign = components['schemas']['AssociatedCampaignOut'];

// Folders (spec 7: getTemplateFolders, renameTemplateFolder, deleteTemplateFolder)

export function getTemplateFolders(type: TemplateType, signal?: AbortSignal) {
  return call(api.GET('/api/getTemplateFolders', { params: { query: { type, sortCriteria: 'name', sortOrder: 'asc' } }, signal }));
}

export function createTemplateFolder(body: BodyOf<'/api/mm/templateFolders', 'post'>) {
  return call(api.POST('/api/mm/templateFolders', { body }));
}

interface FolderCall {
  data?: FolderAnswer;
  error?: unknown;
  response: Response;
}

/**
 * The server's answer to a folder rename or delete, a refusal included ({status: 0, message}
 * with a 400): the screen shows its message as a success or error toast (spec 8). Any other
 * failure rejects as every call does.
 */
async function folderAnswer(pending: Promise<FolderCall>): Promise<FolderAnswer> {
  const answer = await pending;
  const body = (answer.data ?? answer.error) as Partial<FolderAnswer> | undefined;
  if (answer.response.status < 500 && answer.response.status !== 301 && typeof body?.message === 'string') {
    return { status: answer.response.ok ? (body.status ?? 1) : 0, message: body.message };
  }
  return call(Promise.resolve(answer));
}

export function renameTemplateFolder(folderId: number, newName: string): Promise<FolderAnswer> {
  return folderAnswer(api.POST('/api/renameTemplateFolder', { body: { folderId, newName } }));
}

export function deleteTemplateFolder(folderId: number): Promise<FolderAnswer> {
  return folderAnswer(api.POST('/api/deleteTemplateFolder', { body: { folderId } }));
}

// Templates

export function listTemplates(query: TemplateQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/templates', { params: { query }, signal })) as Promise<Omit<TemplatePage, 'items'> & { items: TemplateRow[] }>;
}

const templatePath = (id: number) => ({ path: { template_id: id } });

export function getTemplate(id: number, signal?: AbortSignal): Promise<Template> {
  return call(api.GET('/api/mm/templates/{template_id}', { params: templatePath(id), signal })) as Promise<Template>;
}

export function createTemplate(body: TemplateFields & { name: string; type: TemplateType }): Promise<Template> {
  const { subject, previewText, html, text, ...rest } = body;
  const full = { ...rest, subject: subject ?? '', previewText: previewText ?? '', html: html ?? '', text: text ?? '' };
  return call(api.POST('/api/mm/templates', { body: full })) as Promise<Template>;
}

export function updateTemplate(id: number, body: TemplateFields): Promise<Template> {
  return call(api.PATCH('/api/mm/templates/{template_id}', { params: templatePath(id), body })) as Promise<Template>;
}

export function deleteTemplate(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/templates/{template_id}', { params: templatePath(id) })) as Promise<void>;
}

export function duplicateTemplate(id: number): Promise<Template> {
  return call(api.POST('/api/mm/templates/{template_id}/duplicate', { params: templatePath(id) })) as Promise<Template>;
}

export function moveTemplate(id: number, folderId: number | null): Promise<Template> {
  return call(api.POST('/api/mm/templates/{template_id}/move', { params: templatePath(id), body: { folderId } })) as Promise<Template>;
}

/** A new html template from an .html file; the server refuses anything else in the spec's words. */
export function uploadHtmlTemplate(file: File, fields: { name?: string; folderId?: number | null }): Promise<Template> {
  return call(
    api.POST('/api/htmlUpload', {
      // The schema describes the file part as a binary string: the form carries the File itself.
      body: { file: file.name, name: fields.name || null, folderId: fields.folderId ?? null },
      bodySerializer: (body) => {
        const form = new FormData();
        form.set('file', file);
        if (body.name) form.set('name', body.name);
        if (body.folderId) form.set('folderId', String(body.folderId));
        return form;
      },
    }),
  ) as Promise<Template>;
}

export function getTemplatePreview(id: number, profileId?: number, signal?: AbortSignal): Promise<TemplatePreview> {
  return call(api.GET('/api/mm/templates/{template_id}/preview', { params: { ...templatePath(id), query: { profileId } }, signal }));
}

export function getExternalPreview(token: string, signal?: AbortSignal): Promise<ExternalPreview> {
  return call(api.GET('/api/external/previewTemplate', { params: { query: { token } }, signal }));
}

// Campaign headers and footers: the same screens serve both, by kind.

export type HeaderFooterPage = Omit<ResponseOf<'/api/mm/campaignFooters', 'get'>, 'items'> & { items: HeaderFooter[] };

export function listHeaderFooters(kind: HeaderFooterKind, query: HeaderFooterQuery, signal?: AbortSignal): Promise<HeaderFooterPage> {
  return kind === 'header'
    ? call(api.GET('/api/mm/campaignHeaders', { params: { query }, signal }))
    : call(api.GET('/api/mm/campaignFooters', { params: { query }, signal }));
}

export function getHeaderFooter(kind: HeaderFooterKind, id: number, signal?: AbortSignal): Promise<HeaderFooter> {
  return kind === 'header'
    ? call(api.GET('/api/mm/campaignHeaders/{header_id}', { params: { path: { header_id: id } }, signal }))
    : call(api.GET('/api/mm/campaignFooters/{footer_id}', { params: { path: { footer_id: id } }, signal }));
}

/** A new header (name and html) or footer (also its colours and default flag). */
export function createHeaderFooter(kind: HeaderFooterKind, body: BodyOf<'/api/mm/campaignFooters', 'post'>): Promise<HeaderFooter> {
  return kind === 'header'
    ? call(api.POST('/api/mm/campaignHeaders', { body: { name: body.name, html: body.html } }))
    : call(api.POST('/api/mm/campaignFooters', { body }));
}

export function updateHeaderFooter(kind: HeaderFooterKind, id: number, body: HeaderFooterFields): Promise<HeaderFooter> {
  return kind === 'header'
    ? call(api.PATCH('/api/mm/campaignHeaders/{header_id}', { params: { path: { header_id: id } }, body: { name: body.name, html: body.html } }))
    : call(api.PATCH('/api/mm/campaignFooters/{footer_id}', { params: { path: { footer_id: id } }, body }));
}

export function deleteHeaderFooter(kind: HeaderFooterKind, id: number): Promise<void> {
  return (
    kind === 'header'
      ? call(api.DELETE('/api/mm/campaignHeaders/{header_id}', { params: { path: { header_id: id } } }))
      : call(api.DELETE('/api/mm/campaignFooters/{footer_id}', { params: { path: { footer_id: id } } }))
  ) as Promise<void>;
}

/** Spec 7: the campaigns using a header or footer, asked before it is deleted. */
export function getAssociatedCampaigns(kind: HeaderFooterKind, id: number, signal?: AbortSignal) {
  return kind === 'header'
    ? call(api.GET('/api/checkHeaderAssociatedCampaigns', { params: { query: { id } }, signal }))
    : call(api.GET('/api/checkFooterAssociatedCampaigns', { params: { query: { id } }, signal }));
}

/** The template's thumbnail, fetched with the app's credentials (the bearer token too). */
export async function getTemplateThumbnail(templateId: number, signal?: AbortSignal): Promise<Blob> {
  const answer = await call(api.GET('/api/mm/templates/{template_id}/thumbnail', { params: { path: { template_id: templateId } }, parseAs: 'blob', signal }));
  return answer as unknown as Blob;
}
