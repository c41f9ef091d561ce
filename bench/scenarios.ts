import type pg from 'pg';
import { VISIBLE_POST_SQL } from '../api/src/modules/posts/posts.queries.ts';
/** What the load generator requests, and what one correct answer looks like before the load starts. */
export interface Scenario {
  name: string;
  description: string;
  /** Requested in turn by every connection. */
  paths: string[];
  /** Whether the server's queries are explained (not for the baseline, which runs none). */
  explain: boolean;
  /** An error message when a sample answer is wrong; the bench stops rather than time errors. */
  check(status: number, body: unknown, headers: Headers): string | undefined;
  /** A call another branch may not have built yet: 501 marks the scenario "not available" instead of failing. */
  optional?: boolean;
}

/** Planted in ~1% of post bodies, so a search finds about a hundred posts. */
export const PLANTED_WORD = 'grzegżółka';
/** In no post: the index must rule everything out quickly. */
export const MISSING_WORD = 'żyrafołak';
export const PAGE_SIZE = 6;
/** Articles the detail scenario rotates over. */
const DETAIL_SLUGS = 500;

/** Visible posts spread over the whole history, so the detail scenario does not read one hot row. */
export async function pickSlugs(pool: pg.Pool, count = DETAIL_SLUGS): Promise<string[]> {
  const { rows } = await pool.query<{ slug: string }>(
    `SELECT p.slug FROM posts p WHERE ${VISIBLE_POST_SQL} ORDER BY p.id`,
  );
  const step = Math.max(1, Math.floor(rows.length / count));
  return rows.filter((_row, index) => index % step === 0).map((row) => row.slug);
}

const listPath = (page: number, q?: string) =>
  `/api/posts?page=${page}&limit=${PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ''}`;

const expectList =
  (rows: (count: number) => boolean, total: (count: number) => boolean, what: string) =>
  (status: number, body: unknown, headers: Headers): string | undefined => {
    if (status !== 200) return `status ${status}`;
    if (!Array.isArray(body) || !rows(body.length)) return `unexpected rows: ${what}`;
    if (!total(Number(headers.get('x-total-count')))) return `unexpected X-Total-Count: ${what}`;
    return undefined;
  };

const expectStatus =
  (type: RegExp) =>
  (status: number, _body: unknown, headers: Headers): string | undefined => {
    if (status !== 200) return `status ${status}`;
    return type.test(headers.get('content-type') ?? '')
      ? undefined
      : `content-type ${headers.get('content-type')}`;
  };

export function buildScenarios(options: {
  posts: number;
  laterPage: number;
  slugs: string[];
  /** A hash-named script of the built web app, when there is one. */
  asset?: string;
}): Scenario[] {
  const baseline = (name: string): Scenario => ({
    name,
    description: 'GET /healthz: the whole middleware stack, no database',
    paths: ['/healthz'],
    explain: false,
    check: (status) => (status === 200 ? undefined : `status ${status}`),
  });
  const htmlSlugs = options.slugs.slice(0, 100);
  return [
    baseline('healthz'),
    {
      name: 'list-page-1',
      description: 'home page: newest 6 visible posts',
      paths: [listPath(1)],
      explain: true,
      check: expectList(
        (n) => n === PAGE_SIZE,
        (n) => n > 0,
        'six posts on page 1',
      ),
    },
    {
      name: `list-page-${options.laterPage}`,
      description: `a later page (offset ${(options.laterPage - 1) * PAGE_SIZE})`,
      paths: [listPath(options.laterPage)],
      explain: true,
      check: expectList(
        (n) => n === PAGE_SIZE,
        (n) => n > 0,
        `six posts on page ${options.laterPage}`,
      ),
    },
    {
      name: 'search-hits',
      description: `search "${PLANTED_WORD}", planted in ~3% of bodies`,
      paths: [listPath(1, PLANTED_WORD)],
      explain: true,
      check: expectList(
        (n) => n === PAGE_SIZE,
        (n) => n >= PAGE_SIZE && n <= options.posts * 0.02,
        'about 1% of the posts match',
      ),
    },
    {
      name: 'search-none',
      description: `search "${MISSING_WORD}", in no post`,
      paths: [listPath(1, MISSING_WORD)],
      explain: true,
      check: expectList(
        (n) => n === 0,
        (n) => n === 0,
        'no match',
      ),
    },
    {
      name: 'post-detail',
      description: `one post by slug, rotating over ${options.slugs.length} slugs`,
      paths: options.slugs.map((slug) => `/api/posts/${encodeURIComponent(slug)}`),
      explain: true,
      check: (status, body) => {
        if (status !== 200) return `status ${status}`;
        const post = body as { slug?: unknown; content?: unknown };
        return post.slug === options.slugs[0] && typeof post.content === 'string'
          ? undefined
          : 'not the requested post';
      },
    },
    {
      name: 'shell',
      description: 'the SPA shell: GET / (index.html)',
      paths: ['/'],
      explain: false,
      check: expectStatus(/text\/html/),
    },
    {
      name: 'post-html',
      description: `the served HTML of /post/:slug (server meta), rotating over ${htmlSlugs.length} slugs`,
      paths: htmlSlugs.map((slug) => `/post/${encodeURIComponent(slug)}`),
      explain: true,
      check: expectStatus(/text\/html/),
    },
    ...(options.asset
      ? [
          {
            name: 'asset',
            description: `a hash-named script: ${options.asset}`,
            paths: [options.asset],
            explain: false,
            check: expectStatus(/javascript/),
          },
        ]
      : []),
    {
      name: 'subscription-stats',
      description: "today's use of the daily subscription cap",
      paths: ['/api/subscription-stats'],
      explain: true,
      optional: true,
      check: expectStatus(/json/),
    },
    {
      name: 'rss',
      description: 'RSS of the newest posts',
      paths: ['/rss.xml'],
      explain: true,
      check: expectStatus(/xml/),
    },
    {
      name: 'sitemap',
      description: 'sitemap of every visible post',
      paths: ['/sitemap.xml'],
      explain: true,
      check: expectStatus(/xml/),
    },
  ];
}

/** One request of the scenario, checked (status, rows, total, type): the bench stops rather than time error pages. */
export async function sampleScenario(origin: string, scenario: Scenario): Promise<{ totalCount?: number }> {
  const response = await fetch(`${origin}${scenario.paths[0]}`);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the check reports the wrong body.
  }
  const problem = scenario.check(response.status, body, response.headers);
  if (problem)
    throw new Error(`${scenario.name}: sample answer is wrong (${problem}): ${text.slice(0, 300)}`);
  const total = response.headers.get('x-total-count');
  return { totalCount: total === null ? undefined : Number(total) };
}
