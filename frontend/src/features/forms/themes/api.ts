import { api, call } from '../../../api/client';
import type { BodyOf, ResponseOf } from '../../../api/types';
import type { components } from '../../../api/schema';

// Form themes (spec 3) and the preview of a form with a theme (marketing/forms).

export type FormTheme = ResponseOf<'/api/mm/formThemes/{theme_id}', 'get'>;
export type ThemeStyles = components['schemas']['ThemeStyles'];
export type StyleGroup = components['schemas']['ThemeStyleGroup'];
export type StyleGroupKey = keyof ThemeStyles;
export type StyleProperty = keyof StyleGroup;
/** Styles as the editor holds them: only the groups and properties set. */
export type EditedStyles = Partial<Record<StyleGroupKey, Partial<Record<StyleProperty, string>>>>;
type PreviewBody = BodyOf<'/api/mm/forms/preview', 'post'>;
/** A form definition (marketing/forms/definition.py); the server fills what it leaves out. */
export type FormDefinition = Partial<Omit<NonNullable<PreviewBody['definition']>, 'sections'>> & { sections?: { id: string; title?: string; fields: Partial<NonNullable<PreviewBody['definition']>['sections'][number]['fields'][number]>[] }[] };

export function listThemes(signal?: AbortSignal) {
  return call(api.GET('/api/mm/formThemes', { params: { query: {} }, signal }));
}

export function createTheme(name: string, styles: EditedStyles): Promise<FormTheme> {
  return call(api.POST('/api/mm/formThemes', { body: { name, styles: styles as unknown as ThemeStyles } }));
}

export function saveTheme(id: number, name: string, styles: EditedStyles): Promise<FormTheme> {
  return call(api.PATCH('/api/mm/formThemes/{theme_id}', { params: { path: { theme_id: id } }, body: { name, styles: styles as unknown as ThemeStyles } }));
}

export function deleteTheme(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/formThemes/{theme_id}', { params: { path: { theme_id: id } } }));
}

/** The public page's HTML for a definition and a theme (escaped and inert: for a sandboxed frame). */
export function previewForm(definition: FormDefinition | undefined, styles: EditedStyles, showDisclaimer: boolean, step: number | undefined, signal?: AbortSignal) {
  return call(api.POST('/api/mm/forms/preview', { body: { definition: definition as PreviewBody['definition'], styles: styles as unknown as ThemeStyles, showDisclaimer, step }, signal }));
}
