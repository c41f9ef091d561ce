import { beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { TestBrowser } from '../../test/browser.ts';
import { testApiForFile } from '../../test/file-api.ts';
import { rawRequest, type RawAnswer } from '../../test/http.ts';
import { contractOperations } from './contract-operations.ts';
import {
  type Caller,
  concretePath,
  contractOperationList,
  expected,
  type Fixtures,
  type Operation,
  setUpCallers,
} from '../../test/authorization.fixtures.ts';

/**
 * `/api/ADMIN/users` once reached the users handler with no access check, because the
 * contract matcher and Express read paths differently. Every operation of the contract is replayed
 * here in the spellings an attacker tries, by every kind of caller that may not call it, and the
 * database must be exactly as before. Routing is exact, so each mangled path is simply no route (404).
 *
 * Decisions, per spelling of an /api path:
 * - other letter case in any segment (`/api/Admin/users`, `/API/...`): 404;
 * - a trailing slash, a doubled slash, `/./`, `/x/../`: 404 (nothing normalises a path into another);
 * - a percent-encoded letter in a fixed segment (`/api/%61dmin/users`): 404 (parameters are decoded as values);
 * - `;x` after a segment: 404 (no matrix parameters);
 * - HEAD: the GET operation with its access rule, and no body;
 * - X-HTTP-Method-Override and its cousins: ignored; the request is its real method.
 */

type Spelling = { name: string; method?: string; path: string; headers?: Record<string, string> };

const flipCase = (text: string) =>
  [...text].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');
const encodeFirstLetter = (segment: string) => {
  const index = segment.search(/[a-z]/i);
  if (index < 0) return undefined;
  const hex = segment.charCodeAt(index).toString(16);
  return `${segment.slice(0, index)}%${hex}${segment.slice(index + 1)}`;
};
const encodeAll = (segment: string) =>
  [...segment].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');

/** The mangled spellings of one concrete path (`/api/admin/users/12`) whose fixed segments are known. */
export function mangledSpellings(base: string, template: string, concrete: string): Spelling[] {
  const fixed = template.split('/').map((segment) => !segment.startsWith('{'));
  const segments = concrete.split('/');
  const join = (parts: string[]) => `${base}${parts.join('/')}`;
  const spellings: Spelling[] = [];
  segments.forEach((segment, index) => {
    if (!segment || !fixed[index]) return;
    const replaced = (value: string) => join(segments.map((part, i) => (i === index ? value : part)));
    if (/[a-z]/i.test(segment)) {
      spellings.push({ name: `segment ${index} upper case`, path: replaced(segment.toUpperCase()) });
      spellings.push({
        name: `segment ${index} capitalised`,
        path: replaced(segment[0]!.toUpperCase() + segment.slice(1)),
      });
      spellings.push({ name: `segment ${index} flipped case`, path: replaced(flipCase(segment)) });
      spellings.push({
        name: `segment ${index} %-encoded letter`,
        path: replaced(encodeFirstLetter(segment)!),
      });
      spellings.push({ name: `segment ${index} all %-encoded`, path: replaced(encodeAll(segment)) });
    }
    spellings.push({ name: `segment ${index} ;x`, path: replaced(`${segment};x`) });
  });
  const path = join(segments);
  const rest = concrete.replace(/^\//, '');
  if (base) {
    spellings.push({ name: 'base upper case', path: `${base.toUpperCase()}${concrete}` });
    spellings.push({ name: 'all upper case', path: path.toUpperCase() });
    spellings.push({ name: 'base ;x', path: `${base};x${concrete}` });
  }
  const candidates: Spelling[] = [
    { name: 'trailing slash', path: `${path}/` },
    { name: 'doubled slash after the base', path: `${base}//${rest}` },
    { name: 'doubled slashes everywhere', path: `${base}/${rest.split('/').join('//')}` },
    { name: 'dot segment', path: `${base}/./${rest}` },
    { name: 'dot-dot segment', path: `${base}/x/../${rest}` },
    { name: 'trailing dot segment', path: `${path}/.` },
    { name: 'encoded slash', path: `${base}/${rest.split('/').join('%2f')}` },
  ];
  // A one-segment path has no inner slash to double or encode.
  return [...spellings, ...candidates.filter((spelling) => spelling.path !== path)];
}

const matcher = contractOperations();
const OVERRIDE_HEADERS = ['x-http-method-override', 'x-http-method', 'x-method-override'];

let operations: Operation[];
let browsers: Map<Caller, TestBrowser>;
let fixtures: Fixtures;

/** Every row of every table, hashed: what "nothing changed" means. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const sequelize = api.runtime.sequelize;
  const tables = await sequelize.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    { type: QueryTypes.SELECT },
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await sequelize.query<{ hash: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS hash FROM "${name}" t`,
      { type: QueryTypes.SELECT },
    );
    fingerprint[name] = row?.hash ?? 'empty';
  }
  return fingerprint;
}

const hasData = (answer: RawAnswer) => {
  if (!answer.body) return false;
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    // The contract's Error shape is the only thing a refused call may carry.
    return !(typeof body.error === 'string' && typeof body.message === 'string');
  } catch {
    return true;
  }
};

const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  operations = await contractOperationList();
  ({ browsers, fixtures } = await setUpCallers(api));
});

describe('every operation in every spelling an attacker tries', () => {
  it('knows the spellings it sends', () => {
    const spellings = mangledSpellings('/api', '/admin/users/{id}', '/admin/users/5').map((s) => s.path);
    expect(spellings).toEqual(
      expect.arrayContaining([
        '/api/ADMIN/users/5',
        '/api/Admin/users/5',
        '/api/%61dmin/users/5',
        '/api/admin;x/users/5',
        '/API/admin/users/5',
        '/api/admin/users/5/',
        '/api//admin/users/5',
        '/api/./admin/users/5',
        '/api/x/../admin/users/5',
      ]),
    );
  });

  const attackers: Caller[] = ['anonymous', 'subscriber', 'publisher', 'admin'];
  for (const caller of attackers) {
    it(`answers ${caller} 404 for every mangled path of every operation, and nothing changes`, async () => {
      const before = await databaseFingerprint();
      const browser = browsers.get(caller)!;
      const headers = { ...(await browser.headers()), 'content-type': 'application/json' };
      const problems: string[] = [];
      let sent = 0;
      for (const operation of operations) {
        const concrete = concretePath(operation, caller, fixtures);
        for (const spelling of mangledSpellings(operation.base, operation.path, concrete)) {
          const body = operation.method === 'GET' || operation.method === 'DELETE' ? undefined : '{}';
          const answer = await rawRequest(api.port, operation.method, spelling.path, headers, body);
          sent++;
          // A spelling may itself be another operation (`/api/admin/posts/.` is GET /admin/posts/{id}
          // with the id "."): then that operation's rule applies. Otherwise /api paths are exact: 404,
          // and at the site root the SPA's 404 page (HTML) is acceptable too.
          const other = spelling.path.startsWith('/api/')
            ? matcher.match(operation.method, spelling.path.slice('/api'.length))
            : undefined;
          const rule =
            other && expected({ ...operation, access: other.access!, ownerOnly: !!other.owner }, caller);
          const refused = !other
            ? answer.status === 404 && (operation.base === '' || !hasData(answer))
            : rule === 'allowed'
              ? answer.status < 500
              : answer.status === rule && !hasData(answer);
          if (!refused)
            problems.push(`${operation.method} ${spelling.path} (${spelling.name}) → ${answer.status}`);
        }
      }
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThan(operations.length * 10);
      expect(await databaseFingerprint()).toEqual(before);
    });
  }

  for (const caller of ['anonymous', 'subscriber', 'publisher'] as Caller[]) {
    it(`refuses ${caller} every protected operation by HEAD and by a method-override header`, async () => {
      const before = await databaseFingerprint();
      const browser = browsers.get(caller)!;
      const headers = { ...(await browser.headers()), 'content-type': 'application/json' };
      const problems: string[] = [];
      for (const operation of operations) {
        const want = expected(operation, caller);
        if (want === 'allowed') continue;
        const path = `${operation.base}${concretePath(operation, caller, fixtures)}`;
        if (operation.method === 'GET') {
          const head = await rawRequest(api.port, 'HEAD', path, headers);
          if (head.status !== want || head.body) problems.push(`HEAD ${path} → ${head.status}`);
          continue;
        }
        for (const header of OVERRIDE_HEADERS) {
          for (const carrier of ['POST', 'GET']) {
            const answer = await rawRequest(
              api.port,
              carrier,
              path,
              { ...headers, [header]: operation.method },
              carrier === 'GET' ? undefined : '{}',
            );
            const refused = [401, 403, 404].includes(answer.status) && !hasData(answer);
            if (!refused)
              problems.push(`${carrier} ${path} with ${header}: ${operation.method} → ${answer.status}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(await databaseFingerprint()).toEqual(before);
    });
  }
});
