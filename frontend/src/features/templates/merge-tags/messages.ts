// What the merge-tag picker says.
export const mergeTagMessages = {
  button: 'Merge tags',
  search: 'Search merge tags',
  loading: 'Loading merge tags…',
  noMatches: 'No merge tags match this search.',
  loadFailed: 'The merge tags could not be loaded.',
  retry: 'Try again',
  // The renderer's syntax (marketing/rendering/compiler.py): a fallback after ||, quoted or not.
  syntaxTitle: 'Fallback for an empty value',
  syntaxExample: '<% firstName || there %>',
  syntaxHint: 'Quotes are optional: <% firstName || "there" %> sends there. Any other form is refused on save.',
};
