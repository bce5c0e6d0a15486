export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** What a test reads of a request: its method, headers, options and body as text. */
export interface SentInit {
  method: string;
  headers: Headers;
  body: string | FormData | null;
  credentials: RequestCredentials;
  cache: RequestCache;
  signal: AbortSignal;
}

/** A request as tests read it: the path with its query (no origin), and its init. */
async function readRequest(input: RequestInfo | URL, init?: RequestInit): Promise<[string, SentInit]> {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
  const url = new URL(request.url);
  const type = request.headers.get('Content-Type') ?? '';
  const body = request.body === null ? null : type.startsWith('multipart/form-data') ? await request.formData() : await request.text();
  const { method, headers, credentials, cache, signal } = request;
  return [`${url.pathname}${url.search}`, { method, headers, body, credentials, cache, signal }];
}

/**
 * Replaces fetch with a mock answering by path (without query); unknown paths answer 404.
 * The mock is called with the path and query and the request's init, read from the Request.
 */
export function mockFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (url: string, _init: SentInit) => {
    const answer = answers[url.split('?')[0]];
    return answer ? answer() : jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => fetchMock(...(await readRequest(input, init))));
  return fetchMock;
}
