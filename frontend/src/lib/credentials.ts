/**
 * What the API client presents (docs/architecture.md, "Sessions in every tab"). The session
 * cookie is the credential: HttpOnly (no script reads it), shared by every tab of the
 * client's host, partitioned and cross-site in production so it also lives in the parent
 * suite's frame. A write made with it carries the CSRF cookie's value back in a header.
 * The bearer token a sign-in answers is kept only when the browser refused those cookies (a
 * frame where even partitioned cookies are blocked), and then only in this page's memory:
 * never in storage that outlives the page or reaches another tab.
 */
const CSRF_COOKIE = 'csrftoken';
let heldToken: string | null = null;

/** The CSRF cookie's value, or null when the browser holds none for this host. */
export function csrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * After a sign-in or status answer: hold its token for this page only when the cookies it
 * set did not stick (their CSRF cookie is unreadable); otherwise drop any token.
 */
export function keepTokenIfCookiesRefused(token: string | null | undefined): void {
  if (!token) return;
  heldToken = csrfToken() === null ? token : null;
}

export function heldBearerToken(): string | null {
  return heldToken;
}

export function forgetHeldToken(): void {
  heldToken = null;
}
