import type { HeaderFooterKind, TemplateFolder, TemplateType } from '../../api/templates';
import { href } from '../../config/paths';

/** Spec 3's template folder types, in its order and with its labels. */
export const templateTypes: { value: TemplateType; label: string }[] = [
  { value: 'designer', label: 'Campaign Designer' },
  { value: 'html', label: 'HTML' },
  { value: 'plainText', label: 'Plain Text' },
  { value: 'rss', label: 'RSS' },
  { value: 'poll', label: 'Poll' },
  { value: 'lpHtml', label: 'Landing Page HTML' },
  { value: 'lpDesigner', label: 'Landing Page Designer' },
  { value: 'popup', label: 'Popups' },
  { value: 'checkout', label: 'Checkout Pages' },
];

export function isTemplateType(value: string | null): value is TemplateType {
  return templateTypes.some((type) => type.value === value);
}

export function typeLabel(type: TemplateType): string {
  return templateTypes.find((entry) => entry.value === type)?.label ?? type;
}

/** How a template of each type is edited: HTML code, plain text, or the drag-and-drop designer. */
export type EditorKind = 'designer' | 'html' | 'plainText';

export function editorOf(type: TemplateType): EditorKind {
  if (type === 'html' || type === 'lpHtml') return 'html';
  if (type === 'plainText') return 'plainText';
  return 'designer';
}

/** Where a template opens for editing (spec 2.4: /beeeditor, /htmlUpload, /plaintexteditor). */
export function editHref(template: { id: number; type: TemplateType }): string {
  const query = { templateId: template.id };
  switch (editorOf(template.type)) {
    case 'html':
      return href('/htmlUpload', { query });
    case 'plainText':
      return href('/plaintexteditor', { query });
    default:
      return href('/beeeditor', { query });
  }
}

export function templatesHref(type?: TemplateType, folderId?: number | null): string {
  return href('/templates', { query: { type, folderId } });
}

/** A folder tree flattened in display order, each folder with its depth, for pickers. */
export function flattenFolders(folders: TemplateFolder[], depth = 0): { folder: TemplateFolder; depth: number }[] {
  return folders.flatMap((folder) => [{ folder, depth }, ...flattenFolders(folder.subfolders ?? [], depth + 1)]);
}

/** A folder Select's value for "no folder" (a Select option needs a non-empty value). */
export const noFolderValue = 'none';

export function folderValue(folderId: number | null | undefined): string {
  return folderId ? String(folderId) : noFolderValue;
}

export function folderFromValue(value: string | null): number | null {
  return value && value !== noFolderValue ? Number(value) : null;
}

/** Options of a folder Select: every folder by its path, "No folder" first. */
export function folderOptions(folders: TemplateFolder[], noFolder: string): { value: string; label: string }[] {
  return [
    { value: noFolderValue, label: noFolder },
    ...flattenFolders(folders).map(({ folder }) => ({ value: String(folder._id), label: folder.path || folder.name })),
  ];
}

export function findFolder(folders: TemplateFolder[], id: number | null | undefined): TemplateFolder | undefined {
  if (id === null || id === undefined) return undefined;
  return flattenFolders(folders).find(({ folder }) => folder._id === id)?.folder;
}

/** Spec 5.4: a single-field edit name (an inline folder rename) is at most 20 characters. */
export const inlineNameMax = 20;

/** A header or footer's edit screen (/CampaignFooterSettings?type=header|footer&id=N); a new one without id. */
export function headerFooterHref(kind: HeaderFooterKind, id?: number): string {
  return href('/CampaignFooterSettings', { query: { type: kind, id } });
}
