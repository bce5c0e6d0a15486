const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatBadgeCount(count: number): string {
  return count >= 100 ? '99+' : formatNumber(count);
}
