import type { MergeTagGroup } from '../../../api/merge-tags';

/** The groups whose tags match a search (case-insensitive, on the label, name or tag text); empty groups left out. */
export function filterMergeTags(groups: MergeTagGroup[], search: string): MergeTagGroup[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return groups.filter((group) => group.tags.length > 0);
  return groups
    .map((group) => ({
      ...group,
      tags: group.tags.filter((tag) =>
        [tag.label, tag.name, tag.tag, group.label].some((text) => text.toLowerCase().includes(needle)),
      ),
    }))
    .filter((group) => group.tags.length > 0);
}
