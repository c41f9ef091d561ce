// sqlmap over every parameter that reaches a query (see scan.ts): one run per target.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PLANTED_WORD } from '../bench/scenarios.ts';
import type { Session } from './scan-sessions.ts';
import { log, runTool } from './scan-tool.ts';

export interface SqlmapTarget {
  name: string;
  url: string;
  method?: string;
  data?: string;
  headers?: string[];
  /** An answer that is the normal one here (a wrong password is 401), not a reason to stop. */
  ignoreCode?: number;
}

/** sqlmap on one target; returns the injectable parameters it confirmed (none is the goal). */
export async function runSqlmap(target: SqlmapTarget, proxy: string, dir: string) {
  const out = path.join(dir, 'sqlmap', target.name);
  mkdirSync(out, { recursive: true });
  const csv = path.join(out, 'results.csv');
  const args = [
    '-u',
    target.url,
    '--batch',
    '--flush-session',
    '--proxy',
    proxy,
    '--technique',
    'BEUST',
    '--time-sec',
    '2',
    '--level',
    '1',
    '--risk',
    '1',
    '--dbms',
    'PostgreSQL',
    '--output-dir',
    out,
    '--results-file',
    csv,
    '--disable-coloring',
    ...(target.method ? ['--method', target.method] : []),
    ...(target.data ? ['--data', target.data] : []),
    ...(target.ignoreCode ? ['--ignore-code', String(target.ignoreCode)] : []),
    ...(target.headers ?? []).flatMap((header) => ['-H', header]),
  ];
  log(`sqlmap ${target.name}`);
  const started = Date.now();
  const result = await runTool('sqlmap', args, Number(process.env.SQLMAP_TIMEOUT_SECONDS || 150) * 1000);
  const stdout = result.stdout;
  const injectable = existsSync(csv)
    ? readFileSync(csv, 'utf8')
        .split('\n')
        .slice(1)
        .filter((line) => line.trim())
    : [];
  return {
    name: target.name,
    seconds: Math.round((Date.now() - started) / 1000),
    timedOut: result.timedOut,
    injectable,
    verdict: injectable.length
      ? 'INJECTABLE'
      : /all tested parameters do not appear to be injectable/.test(stdout)
        ? 'not injectable'
        : result.timedOut
          ? 'stopped at the time bound (nothing confirmed)'
          : (
              stdout
                .split('\n')
                .filter((line) => /\[(CRITICAL|ERROR)\]/.test(line))
                .at(-1) ?? 'nothing confirmed'
            ).trim(),
  };
}

/** What runSqlmap found on one target. */
export type SqlmapResult = Awaited<ReturnType<typeof runSqlmap>>;

/**
 * The sqlmap targets: every parameter that reaches a query (`*` marks a JSON body field or a path
 * id), anonymous with `anonymous`'s session and as an admin with `adminHeaders`.
 */
export function sqlmapTargets(
  origin: string,
  slug: string,
  ids: { id: number; category: number; author: number },
  anonymous: Session,
  adminHeaders: string[],
): SqlmapTarget[] {
  const json = 'Content-Type: application/json';
  const anon = [`Cookie: ${anonymous.cookie}`, `X-CSRF-Token: ${anonymous.csrf}`, json];
  const u = (pathname: string) => `${origin}${pathname}`;
  return [
    { name: 'posts-list-query', url: u(`/api/posts?page=1&limit=6&q=${PLANTED_WORD}`) },
    { name: 'post-by-slug-path', url: u(`/api/posts/${slug}*`) },
    { name: 'post-by-id-path', url: u(`/api/posts/${ids.id}*`) },
    {
      name: 'unsubscribe-query',
      url: u(`/api/unsubscribe?email=a%40example.com&category=${ids.category}&token=x`),
    },
    {
      name: 'login-body',
      url: u('/api/login'),
      data: '{"username":"ktos*","password":"Haslo-1!*"}',
      headers: anon,
      ignoreCode: 401,
    },
    {
      name: 'comment-body',
      url: u(`/api/posts/${ids.id}/comments`),
      data: '{"author":"Jan*","email":"jan@example.com*","content":"Treść komentarza*"}',
      headers: anon,
    },
    {
      name: 'subscribe-body',
      url: u('/api/subscribe'),
      data: `{"email":"x@example.com*","categoryId":${ids.category},"consent":true}`,
      headers: anon,
    },
    {
      name: 'reset-request-body',
      url: u('/api/password-reset/request'),
      data: '{"email":"x@example.com*"}',
      headers: anon,
    },
    { name: 'admin-post-path', url: u(`/api/admin/posts/${ids.id}*`), headers: adminHeaders },
    { name: 'admin-revisions-path', url: u(`/api/admin/posts/${ids.id}*/revisions`), headers: adminHeaders },
    {
      name: 'admin-user-update',
      url: u(`/api/admin/users/${ids.author}*`),
      method: 'PATCH',
      data: '{"displayName":"Autor skanu*"}',
      headers: [...adminHeaders, json],
    },
    { name: 'admin-logs-query', url: u('/api/admin/logs?type=error&limit=50'), headers: adminHeaders },
    {
      name: 'admin-category-body',
      url: u('/api/admin/categories'),
      data: '{"name":"Kategoria skanu*"}',
      headers: [...adminHeaders, json],
    },
  ];
}
