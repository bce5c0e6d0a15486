import { appStorage } from '../lib/app-storage';
import { isSessionExemptPath } from '../config/routes';
import { messages } from '../lib/messages';
import { storageKeys } from '../lib/storage-keys';

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | null | undefined>;
  signal?: AbortSignal;
  /** The status call handles its own 301 (retry, then /sessionout); every other call leaves it here. */
  handleSessionExpiry?: boolean;
}

let onSessionExpired: () => void = () => window.location.assign('/sessionout');

/** The app swaps the full-page fallback for a router navigation once the router exists. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

// Aborted and session-expired calls settle never, so callers show no error for them.
function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function errorPayload(payload: unknown): { message?: string; errors?: Record<string, string[]> } {
  return typeof payload === 'object' && payload !== null ? payload : {};
}

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { signal } = options;
  let response: Response;
  let payload: unknown;
  try {
    response = await send(path, options);
    const text = await response.text();
    payload = text ? JSON.parse(text) : null;
  } catch (error) {
    if (isAbort(error, signal)) return never<T>();
    if (error instanceof SyntaxError) payload = null;
    else throw new Error(error instanceof Error && error.message ? error.message : messages.networkRequestFailed);
  }

  return settle<T>(response!, payload, options, () => payload as T);
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, query, signal } = options;
  const headers = new Headers({ Accept: 'application/json', 'Cache-Control': 'no-cache' });
  // FormData sets its own multipart Content-Type with the boundary.
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = appStorage.getItem(storageKeys.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(withQuery(path, query), {
    method,
    headers,
    body: requestBody(body),
    credentials: 'include',
    cache: 'no-store',
    signal,
  });
}

function settle<T>(response: Response, payload: unknown, options: RequestOptions, ok: () => T | Promise<T>): T | Promise<T> {
  if (response.status === 301 && (options.handleSessionExpiry ?? true) && !isSessionExemptPath(window.location.pathname)) {
    onSessionExpired();
    return never<T>();
  }
  if (!response.ok) {
    const { message, errors } = errorPayload(payload);
    throw new ApiError(response.status, message || messages.somethingWentWrong, errors);
  }
  return ok();
}
