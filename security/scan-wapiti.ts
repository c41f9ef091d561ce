// wapiti over the public pages and the API (see scan.ts): its run and its findings, minus the explained ones.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PLANTED_WORD } from '../bench/scenarios.ts';
import { log, runTool } from './scan-tool.ts';

export const WAPITI_MODULES =
  'blindsql,cookieflags,crlf,csp,exec,file,http_headers,permanentxss,redirect,sql,xss,methods';

/**
 * Findings checked by hand and not a vulnerability here, by wapiti module (`category`) and a
 * pattern of its text: each with the reason, which the report repeats.
 */
const EXPLAINED: { category: RegExp; info: RegExp; why: string }[] = [
  {
    category: /HTTP Secure Headers/i,
    info: /X-XSS-Protection/i,
    why: 'helmet sends `X-XSS-Protection: 0` on purpose (wapiti 3.0.4 reports any value but 1 as not set): the old XSS auditor it would switch on is itself an information leak, and the CSP is the defence.',
  },
  {
    category: /Secure Flag cookie|HttpOnly Flag cookie/i,
    info: /csrf|session|sid/i,
    why: 'the scan speaks plain HTTP to 127.0.0.1; in production the session cookie is `__Host-`, Secure and HttpOnly (tested in api/src/security/csrf-sessions.security.test.ts), and the CSRF cookie is Secure too.',
  },
];

export interface WapitiFinding {
  run: string;
  category: string;
  level: number;
  method: string;
  path: string;
  parameter: string;
  info: string;
  explained?: string;
}

/** wapiti from `starts` with `headers` (an admin's session, or none): its findings, the explained ones marked. */
export async function runWapiti(
  name: string,
  proxy: string,
  origin: string,
  starts: string[],
  headers: string[],
  dir: string,
) {
  const output = path.join(dir, `wapiti-${name}.json`);
  const args = [
    '-u',
    `${origin}/`,
    '--scope',
    'folder',
    ...starts.flatMap((start) => ['-s', `${origin}${start}`]),
    // No -x: wapiti 3.0.4 cannot compile its exclusion patterns on Python 3.11. Nothing to exclude
    // anyway: signing out and clearing the log are POSTs, and wapiti follows links (GET) only.
    '-m',
    WAPITI_MODULES,
    '-p',
    proxy,
    ...headers.flatMap((header) => ['-H', header]),
    '-f',
    'json',
    '-o',
    output,
    '--flush-session',
    '--no-bugreport',
    '-v',
    '0',
    '--max-scan-time',
    String(Number(process.env.SCAN_MINUTES || 4) * 60),
    '--max-attack-time',
    '60',
    '-d',
    '3',
  ];
  log(`wapiti ${name}`);
  const result = await runTool('wapiti', args, 15 * 60_000);
  if (!existsSync(output)) throw new Error(`wapiti ${name} wrote no report: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    vulnerabilities?: Record<
      string,
      { method: string; path: string; info: string; level: number; parameter: string }[]
    >;
    anomalies?: Record<
      string,
      { method: string; path: string; info: string; level: number; parameter: string }[]
    >;
  };
  const findings: WapitiFinding[] = [];
  for (const group of [report.vulnerabilities ?? {}, report.anomalies ?? {}]) {
    for (const [category, list] of Object.entries(group)) {
      for (const item of list) {
        const explained = EXPLAINED.find((e) => e.category.test(category) && e.info.test(item.info));
        findings.push({
          run: name,
          category,
          level: item.level,
          method: item.method,
          path: item.path,
          parameter: item.parameter,
          info: item.info.slice(0, 300),
          ...(explained ? { explained: explained.why } : {}),
        });
      }
    }
  }
  return findings;
}

/** Where the wapiti runs start: the public pages and API reads, and what only an admin reaches. */
export function wapitiStarts(slug: string, ids: { id: number; category: number }) {
  const publicStarts = [
    '/',
    '/posts',
    `/post/${slug}`,
    '/contact',
    '/about',
    '/auth',
    `/posts?q=${PLANTED_WORD}`,
    '/api/posts?page=1&limit=6',
    `/api/posts?page=1&limit=6&q=${PLANTED_WORD}`,
    `/api/posts/${slug}`,
    '/api/categories',
    '/api/tags',
    '/api/site-settings',
    '/api/subscription-stats',
    '/rss.xml',
    '/sitemap.xml',
    `/api/unsubscribe?email=a%40example.com&category=${ids.category}&token=x`,
  ];
  const adminStarts = [
    '/admin',
    '/api/user',
    '/api/admin/posts',
    `/api/admin/posts/${ids.id}`,
    `/api/admin/posts/${ids.id}/revisions`,
    '/api/admin/categories',
    '/api/admin/comments',
    '/api/admin/users',
    '/api/admin/subscriptions',
    '/api/admin/contact-messages',
    '/api/admin/logs?type=error&limit=50',
    '/api/admin/site-settings',
    '/api/admin/email-settings',
  ];
  return { publicStarts, adminStarts };
}
