// The sessions the scanners carry: an admin's and an anonymous one, each asked through the proxy.
import http from 'node:http';

/** A session cookie and the CSRF token that goes with it. */
export interface Session {
  cookie: string;
  csrf: string;
}

/** An admin's session cookie and CSRF token (asked through the proxy, so HTTPS as production wants). */
export async function signIn(
  proxy: string,
  origin: string,
  credentials: { username: string; password: string },
): Promise<Session> {
  const agent = (pathname: string, init: RequestInit = {}) =>
    new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
      const request = http.request(
        `${proxy}${pathname}`,
        {
          method: init.method ?? 'GET',
          headers: { ...(init.headers as Record<string, string>), host: new URL(origin).host },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body }),
          );
        },
      );
      request.on('error', reject);
      request.end(init.body as string | undefined);
    });
  const jar = new Map<string, string>();
  const keep = (cookies: string[]) => {
    for (const line of cookies) {
      const pair = line.split(';')[0]!;
      jar.set(pair.split('=')[0]!, pair);
    }
  };
  const cookie = () => [...jar.values()].join('; ');
  const token = async () => {
    const res = await agent('/api/csrf-token', { headers: { cookie: cookie() } });
    keep(res.cookies);
    return (JSON.parse(res.body) as { csrfToken: string }).csrfToken;
  };
  const first = await token();
  const login = await agent('/api/login', {
    method: 'POST',
    headers: { cookie: cookie(), 'x-csrf-token': first, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body}`);
  keep(login.cookies);
  return { cookie: cookie(), csrf: await token() };
}

/** An anonymous session cookie and CSRF token: what a reader's browser sends with a form. */
export async function signInAnonymous(proxy: string, origin: string) {
  return new Promise<Session>((resolve, reject) => {
    http
      .get(`${proxy}/api/csrf-token`, { headers: { host: new URL(origin).host } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            cookie: (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; '),
            csrf: (JSON.parse(body) as { csrfToken: string }).csrfToken,
          }),
        );
      })
      .on('error', reject);
  });
}
