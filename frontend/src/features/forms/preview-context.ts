/**
 * What a preview needs besides the definition and the theme: the registry's choices of the
 * radio, dropdown and checkbox fields, and the names of the groups and tags offered as boxes.
 * Both the builder's plain preview and the themed renderer (features/forms/themes) read it.
 */
export interface PreviewContext {
  options: Record<string, string[]>;
  groups: Record<number, string>;
  tags: Record<number, string>;
}

export const emptyPreviewContext: PreviewContext = { options: {}, groups: {}, tags: {} };

/** A group's or tag's name, or its number while the name is not known. */
export function choiceName(names: Record<number, string>, id: number, kind: string): string {
  return names[id] ?? `${kind} #${id}`;
}
