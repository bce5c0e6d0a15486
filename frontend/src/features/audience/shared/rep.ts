import type { Rep } from './options-api';

/** Spec 3: first plus last name, else first name, else the email's local part, else 'InsufficientDetails'. */
export function repDisplayName(rep: Partial<Rep> | null | undefined): string {
  if (!rep) return 'No Rep';
  const first = rep.firstName?.trim() ?? '';
  const last = rep.lastName?.trim() ?? '';
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  const local = rep.email?.split('@')[0]?.trim();
  return local || 'InsufficientDetails';
}
