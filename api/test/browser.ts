import type { TestApi } from './harness.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One browser against a test API, as the web client behaves: it keeps its cookies, sends the CSRF
 * token with every state-changing call, and reads a fresh token after the session changes (sign-in,
 * sign-out), exactly once on a csrf_failed answer.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(
    private readonly api: TestApi,
    /** The client address the API sees (tests run it with TRUST_PROXY=1). */
    readonly ip?: string,
  ) {}

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private csrfRefresh: Promise<string> | undefined;

  /**
   * One token request at a time: before this browser has a CSRF cookie of its session, each answer
   * issues a new one, so calls made side by side that fetched tokens of their own would get different
   * tokens, and only the one matching the last cookie set would pass.
   */
  private refreshCsrfToken(): Promise<string> {
    this.csrfRefresh ??= (async () => {
      try {
        const res = await this.raw('GET', '/api/csrf-token');
        this.csrfToken = ((await res.json()) as { csrfToken: string }).csrfToken;
        return this.csrfToken;
      } finally {
        this.csrfRefresh = undefined;
      }
    })();
    return this.csrfRefresh;
  }

  /** One request with this browser's cookies and nothing else added. */
  async raw(
    method: string,
    pathname: string,
    init: { body?: string | FormData; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    const res = await this.api.fetch(pathname, { method, headers, body: init.body });
    this.remember(res);
    return res;
  }

  /** The headers this browser sends on a state-changing call: cookies, CSRF token and client address. */
  async headers(): Promise<Record<string, string>> {
    const token = this.csrfToken ?? (await this.refreshCsrfToken());
    const headers: Record<string, string> = { 'x-csrf-token': token, cookie: this.cookieHeader() };
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    return headers;
  }

  /** A JSON call as the SPA makes it. */
  async call(method: string, pathname: string, body?: unknown): Promise<Response> {
    const send = async () => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (!SAFE.has(method)) headers['x-csrf-token'] = this.csrfToken ?? (await this.refreshCsrfToken());
      return this.raw(method, pathname, {
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    const res = await send();
    if (res.status !== 403 || SAFE.has(method)) return res;
    const error = (await res.clone().json()) as { error?: string };
    if (error.error !== 'csrf_failed') return res;
    await this.refreshCsrfToken();
    return send();
  }

  /** A multipart call, as the SPA saves a post with its image (fetch sets the boundary). */
  async upload(
    method: string,
    pathname: string,
    form: FormData,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const send = async (token: string) =>
      this.raw(method, pathname, { headers: { ...headers, 'x-csrf-token': token }, body: form });
    const res = await send(this.csrfToken ?? (await this.refreshCsrfToken()));
    if (res.status !== 403) return res;
    const error = (await res.clone().json()) as { error?: string };
    return error.error === 'csrf_failed' ? send(await this.refreshCsrfToken()) : res;
  }

  /** Signs in; throws unless the API accepts. */
  async signIn(username: string, password: string): Promise<void> {
    const res = await this.call('POST', '/api/login', { username, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    // As the web client does: the token was the visitor's, the signed-in session needs its own.
    this.csrfToken = undefined;
  }
}
