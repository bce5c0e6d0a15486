import { formatNumber } from '../../lib/format';

/**
 * The wall-clock time of an instant the API already gives in the client's time zone
 * ("2026-11-26T09:30:00-05:00" reads "2026-11-26 09:30"), so a date across a DST change
 * still reads as the client saw it.
 */
export function clientTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]}` : '';
}

/** An hour or a day of a timeline, as its bucket starts. */
export function bucketLabel(iso: string, unit: 'hour' | 'day'): string {
  const time = clientTime(iso);
  return unit === 'day' ? time.slice(0, 10) : time;
}

export function percent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** "12 (4.8%)". */
export function countWithRate(count: number, rate: number): string {
  return `${formatNumber(count)} (${percent(rate)})`;
}
