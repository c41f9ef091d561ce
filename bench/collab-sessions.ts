/** The accounts, sessions and posts of `npm run bench:collab`. */
import type pg from 'pg';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { TestBrowser } from '../api/test/browser.ts';
import type { TestApi } from '../api/test/harness.ts';

const ADMIN = { username: 'bench-collab', password: 'Bench-Hasło-1' };

export interface BenchSession {
  browser: TestBrowser;
  cookie: string;
  /** The client address the API sees (X-Forwarded-For): each session its own, as people are. */
  ip: string;
}

/** One admin, signed in `count` times (each a session of its own, from an address of its own). */
export async function signInSessions(pool: pg.Pool, origin: string, count: number): Promise<BenchSession[]> {
  await pool.query(
    `INSERT INTO users (username, email, password_hash, role, display_name)
     VALUES ($1, 'bench-collab@example.com', $2, 'admin', 'Redaktorka benchmarku')
     ON CONFLICT (username) DO NOTHING`,
    [ADMIN.username, await hashPassword(ADMIN.password)],
  );
  // The session cookie is Secure: the requests come "through the TLS proxy" (TRUST_PROXY in productionEnv).
  const api = {
    fetch: (pathname: string, init?: RequestInit) =>
      fetch(`${origin}${pathname}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-proto': 'https' },
      }),
  } as unknown as TestApi;
  const sessions: BenchSession[] = [];
  for (let n = 0; n < count; n++) {
    const ip = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const browser = new TestBrowser(api, ip);
    await browser.signIn(ADMIN.username, ADMIN.password);
    sessions.push({ browser, cookie: browser.cookieHeader(), ip });
  }
  return sessions;
}

/** `count` posts made through the admin API; their ids. */
export async function createBenchPosts(
  origin: string,
  session: BenchSession,
  count: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= count; n++) {
    const form = new FormData();
    form.set(
      'postData',
      JSON.stringify({
        title: `Wpis pisany wspólnie ${n}`,
        slug: `wpis-pisany-wspolnie-${n}-${Date.now()}`,
        content: '<p>Początek wpisu, który kilka osób pisze naraz.</p>',
        excerpt: null,
        published: false,
      }),
    );
    const res = await session.browser.upload('POST', '/api/admin/posts', form);
    if (res.status !== 201)
      throw new Error(`post not created (${origin}): ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}
