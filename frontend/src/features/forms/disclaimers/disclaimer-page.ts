import type { Sort } from '../../../components/list/page-sizes';
import type { Disclaimer } from './api';

export type DisclaimerSort = 'name' | 'version' | 'updatedAt';

const keys: Record<DisclaimerSort, (d: Disclaimer) => string | number> = {
  name: (d) => d.name.toLowerCase(),
  version: (d) => d.currentVersion,
  updatedAt: (d) => d.updatedAt,
};

/** One page of the disclaimers, searched (name contains, any case) and sorted, in the shape of the API's pages. */
export function disclaimerPage(items: Disclaimer[], { search, sort, page, pageSize }: { search?: string; sort?: Sort<DisclaimerSort>; page: number; pageSize: number }) {
  const needle = (search ?? '').toLowerCase();
  const found = items.filter((item) => item.name.toLowerCase().includes(needle));
  if (sort) {
    const field = sort.replace(/^-/, '') as DisclaimerSort;
    const direction = sort.startsWith('-') ? -1 : 1;
    found.sort((a, b) => (keys[field](a) < keys[field](b) ? -direction : keys[field](a) > keys[field](b) ? direction : a.id - b.id));
  }
  const start = (page - 1) * pageSize;
  return { items: found.slice(start, start + pageSize), total: found.length, totalIsEstimate: false, page, pageSize };
}
