/** Every page of a list, 30 at a time (the largest page size), for option lists. */
export async function allPages<T>(
  load: (page: number, signal?: AbortSignal) => Promise<{ items: T[]; total: number }>,
  signal?: AbortSignal,
  maxPages = 100,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await load(page, signal);
    items.push(...answer.items);
    if (items.length >= answer.total || answer.items.length === 0) break;
  }
  return items;
}
