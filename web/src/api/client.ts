import type { paths } from '@blog/shared';
import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, apiErrorFromResponse, networkError } from './api-error.ts';

const baseUrl = `${globalThis.location?.origin ?? ''}/api`;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_HEADER = 'X-CSRF-Token';

let csrfToken: Promise<string> | null = null;

/** The session's CSRF token, fetched once and shared by every state-changing call (contract: x-csrf). */
export function currentCsrfToken(): Promise<string> {
  csrfToken ??= fetchCsrfToken().catch((error: unknown) => {
    csrfToken = null;
    throw error;
  });
  return csrfToken;
}

async function fetchCsrfToken(): Promise<string> {
  let response: Response;
  try {
    response = await globalThis.fetch(`${baseUrl}/csrf-token`, { credentials: 'include' });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  const body = (await response.json()) as { csrfToken: string };
  return body.csrfToken;
}

/** The token belongs to the session: forget it whenever the session changes (sign-in, sign-out). */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/** Unsent copies of state-changing requests, for the one re-send after a stale CSRF token. */
const pristineRequests = new WeakMap<Request, Request>();

const csrf: Middleware = {
  async onRequest({ request }) {
    if (SAFE_METHODS.has(request.method)) return undefined;
    request.headers.set(CSRF_HEADER, await currentCsrfToken());
    pristineRequests.set(request, request.clone());
    return request;
  },
};

/**
 * Every non-OK answer is thrown as an ApiError, so callers only ever see the success shape in `data`, and SWR
 * and mutations get a real Error with the status and the server's message. A 403 csrf_failed means the
 * session (and so its token) changed since the token was read: that one case is sent again with a fresh
 * token; nothing else is ever retried.
 */
const throwOnFailure: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return undefined;
    const error = await apiErrorFromResponse(response);
    const pristine = pristineRequests.get(request);
    if (error.code === 'csrf_failed' && pristine) {
      pristineRequests.delete(request);
      resetCsrfToken();
      pristine.headers.set(CSRF_HEADER, await currentCsrfToken());
      let retried: Response;
      try {
        retried = await globalThis.fetch(pristine);
      } catch (cause) {
        throw networkError(cause);
      }
      if (retried.ok) return retried;
      throw await apiErrorFromResponse(retried);
    }
    throw error;
  },
  onError({ error }) {
    return error instanceof ApiError ? error : networkError(error);
  },
};

/**
 * The one HTTP client of the SPA, typed by the contract. The base URL is absolute and `fetch` is looked up
 * per call because Node's Request (jsdom tests) rejects relative URLs and openapi-fetch would otherwise
 * capture `fetch` once at creation, so a test's stubbed or a polyfilled `fetch` would never be used.
 */
export const api = createClient<paths>({
  baseUrl,
  fetch: (request) => globalThis.fetch(request),
  credentials: 'include',
});

// Order matters: onRequest runs first to last, onResponse last to first.
api.use(throwOnFailure, csrf);

/**
 * Narrows an openapi-fetch result to its data. The middleware has already thrown for failures, so a missing
 * `data` here only means an empty success body.
 */
export async function unwrap<T>(request: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await request;
  return data as T;
}
