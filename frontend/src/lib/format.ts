const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatBadgeCount(count: number): string {
  return count >= 100 ? '99+' : formatNumber(count);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A server timestamp shown in the client's time zone (the status call's timeZoneMinutes,
 * the client's current offset from UTC), whatever the browser's own zone is.
 */
export function formatClientDateTime(iso: string | null | undefined, timeZoneMinutes: number): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const shifted = new Date(time + timeZoneMinutes * 60_000);
  const date = `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
  return `${date} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}
