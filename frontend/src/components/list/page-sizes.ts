/** Spec 9: lists page by 10, 20 or 30. */
export const pageSizes = [10, 20, 30] as const;
export type PageSize = (typeof pageSizes)[number];
export const listDebounceMs = 700;

/** A list's order: a field ascending, or descending with a leading "-" (the API's `sort`). */
export type Sort<Field extends string> = Field | `-${Field}`;

/** The fields of an API `sort` parameter, without their descending forms. */
export type SortField<S extends string | undefined> = Exclude<NonNullable<S>, `-${string}`>;

/** Clicking a column sorts by it ascending, clicking it again sorts descending, then ascending. */
export function nextSort<Field extends string>(current: Sort<Field> | undefined, field: Field): Sort<Field> {
  return current === field ? `-${field}` : field;
}
