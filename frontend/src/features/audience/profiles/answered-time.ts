/** "2026-03-01T09:00:00-05:00" (already in the client's zone) as "2026-03-01 09:00". */
export function answeredTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]}` : '';
}
