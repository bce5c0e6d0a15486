/** Spec 9: lists page by 10, 20 or 30. */
export const pageSizes = [10, 20, 30] as const;
export type PageSize = (typeof pageSizes)[number];
export const listDebounceMs = 700;

/** Clicking a column sorts by it ascending, clicking it again sorts descending, then ascending. */
export function nextSort(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}
