// What the merge-tag picker says.
export const mergeTagMessages = {
  button: 'Merge tags',
  search: 'Search merge tags',
  loading: 'Loading merge tags…',
  noMatches: 'No merge tags match this search.',
  loadFailed: 'The merge tags could not be loaded.',
  retry: 'Try again',
};
