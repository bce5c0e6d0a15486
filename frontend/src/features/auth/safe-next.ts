import { paths } from '../../config/paths';

/** Only same-site paths are followed after sign-in, never another origin ("//host" or "https://"). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home.href();
  return next;
}
