import createClient from 'openapi-fetch';
import { paths as appPaths } from '../config/paths';
import { isSessionExemptPath } from '../config/routes';
import { csrfToken, heldBearerToken } from '../lib/credentials';
import { messages } from '../lib/messages';
import type { paths } from './schema';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/**
 * The typed client: every path, parameter, body and answer comes from the generated schema.
 * Each request carries the session cookie (a write also the CSRF cookie's value), the bearer
 * token when one is held (lib/credentials.ts) and no-cache; `call` below
 * settles it the app's way. `fetch` is looked up at call time (tests replace it); the base is
 * this page's origin because a Request needs an absolute URL outside the browser.
 */
export const api = createClient<paths>({
  baseUrl: window.location.origin,
  fetch: (request) => fetch(request),
  credentials: 'include',
  cache: 'no-store',
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

api.use({
  onRequest({ request }) {
    request.headers.set('Accept', 'application/json');
    request.headers.set('Cache-Control', 'no-cache');
    const token = heldBearerToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    const csrf = SAFE_METHODS.has(request.method) ? null : csrfToken();
    if (csrf) request.headers.set('X-CSRFToken', csrf);
    return request;
  },
});

export interface CallOptions {
  /** The status call handles its own 301 (retry, then /sessionout); every other call leaves it here. */
  handleSessionExpiry?: boolean;
}

let onSessionExpired: () => void = () => window.location.assign(appPaths.sessionOut.href());

/** The app swaps the full-page fallback for a router navigation once the router exists. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

// Aborted and session-expired calls settle never, so callers show no error for them.
function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

// A DOMException, which is not an Error everywhere.
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function errorPayload(payload: unknown): { message?: string; errors?: Record<string, string[]> } {
  return typeof payload === 'object' && payload !== null ? payload : {};
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Settles a call of `api`: its answer's data; an ApiError with the server's message and
 * field errors for a refusal; a 301 outside the recipients' pages goes to /sessionout and,
 * like an aborted call, never settles; a network failure rejects with its message.
 */
export async function call<T>(pending: Promise<Answer<T>>, options: CallOptions = {}): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await pending;
  } catch (error) {
    if (isAbort(error)) return never<T>();
    // An answer whose body is not the JSON it claims to be.
    if (error instanceof SyntaxError) throw new ApiError(0, messages.somethingWentWrong);
    throw new Error(error instanceof Error && error.message ? error.message : messages.networkRequestFailed);
  }
  const { response } = answer;
  if (response.status === 301 && (options.handleSessionExpiry ?? true) && !isSessionExemptPath(window.location.pathname)) {
    onSessionExpired();
    return never<T>();
  }
  if (!response.ok) {
    const { message, errors } = errorPayload(answer.error);
    throw new ApiError(response.status, message || messages.somethingWentWrong, errors);
  }
  return answer.data as T;
}
