import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../src/db/scratch-database.ts';
import { startTestApi, type TestApi } from '../harness.ts';
import { type Caller, setUpOperation } from './callers.ts';
import { type FuzzOperation, loadOperations, responseChecker } from './contract.ts';
import { type Mutation, mutationsFor } from './mutations.ts';
import { newReport, type OperationReport, record, writeReport } from './report.ts';
import { type Answer, send, serialize, validRequest } from './request.ts';
import { createMigratedScratchDatabase } from '../test-database.ts';

/**
 * Contract fuzzing: every operation of openapi.yaml gets FUZZ_RUNS requests with the role
 * its x-auth needs and a quarter as many from the other side, each a valid request with exactly one
 * thing broken (mutations.ts). Every answer must be below 500, every error a JSON `Error` with a
 * message, and every answer what the contract documents for that operation (status, media type,
 * body schema) — checked here for all answers, on top of the API's own response validation.
 * `npm test` runs a small count; `npm run test:security` runs 1,000 per operation and writes the
 * report (FUZZ_REPORT). Same FUZZ_SEED, same requests.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REPORT = process.env.FUZZ_REPORT;
/**
 * Requests in flight at once. 1 (the default) keeps the order of the cases, and so the state each one
 * meets, exactly the same from run to run; the full run uses more to stay within its time.
 */
const CONCURRENCY = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 1));
/** Comma-separated operationIds, to replay one operation's cases. */
const ONLY = process.env.FUZZ_ONLY?.split(',');

/** A stable number per operation: its cases stay the same when others are added or filtered out. */
const seedOf = (operationId: string) =>
  [...operationId].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);

const operations = loadOperations().filter((operation) => !ONLY || ONLY.includes(operation.operationId));
const checker = responseChecker();

function judge(operation: FuzzOperation, answer: Answer, offContract: boolean) {
  const label = `${answer.status} ${answer.text.slice(0, 160)}`;
  if (answer.status >= 500) return { type: 'server' as const, text: label };
  if (answer.status >= 400) {
    let body: { error?: unknown; message?: unknown } | undefined;
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      body = undefined;
    }
    if (
      !/json/.test(answer.type) ||
      typeof body?.error !== 'string' ||
      typeof body.message !== 'string' ||
      !body.message
    )
      return { type: 'error-body' as const, text: `${label} (${answer.type})` };
  }
  // 431: Node refused the request line or headers before any operation was matched (server.ts).
  if (offContract || answer.status === 431) return undefined;
  const problem = checker.problem(operation, answer.status, answer.type, answer.text);
  return problem ? { type: 'contract' as const, text: `${problem}: ${label}` } : undefined;
}

/** The valid request itself, sent first: its status shows whether the mutated cases can reach the handler. */
const UNCHANGED: Mutation = { kind: 'unchanged', detail: '', apply: (parts) => parts };

describe('contract fuzzing of every operation', () => {
  let database: ScratchDatabase;
  let api: TestApi;
  const reports: OperationReport[] = [];
  beforeAll(async () => {
    // The cases change global settings (the daily cap, SMTP, the About page): a database of its own.
    database = await createMigratedScratchDatabase('blog_scratch_fuzz');
    api = await startTestApi({ DATABASE_URL: database.url, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  operations.forEach((operation, index) => {
    const name = `${operation.method} ${operation.template} (${operation.operationId})`;
    it(
      `${name}: no 5xx, JSON errors, answers as documented`,
      { timeout: 60_000 + RUNS * 1_500 },
      async () => {
        const setup = await setUpOperation(api, operation);
        const base = validRequest(operation, setup.known);
        const report = newReport(name);
        reports.push(report);
        const sessions: [string, Caller, number][] = [
          [setup.roles.needed, setup.needed, RUNS],
          [setup.roles.other, setup.other, Math.max(1, Math.ceil(RUNS / 4))],
        ];
        for (const [side, [role, caller, count]] of sessions.entries()) {
          const seed = (SEED + seedOf(operation.operationId) + side) | 0;
          const cases = [UNCHANGED, ...fc.sample(mutationsFor(operation), { seed, numRuns: count })];
          const runCase = async (mutation: Mutation, n: number) => {
            const parts = mutation.apply({
              ...base,
              headers: {
                cookie: caller.cookie,
                'x-forwarded-for': `10.${index % 250}.${((n >> 8) & 127) + side * 128}.${n & 255}`,
                ...(operation.csrf ? { 'x-csrf-token': caller.csrfToken } : {}),
              },
            });
            const request = serialize(operation, parts);
            const answer = await send(
              api.port,
              operation.method,
              request.path,
              request.headers,
              request.bytes,
            );
            const offContract = Object.values(parts.pathParams).some((value) => value === '');
            const failure = judge(operation, answer, offContract);
            if (mutation === UNCHANGED) report.control[role] = answer.status;
            record(
              report,
              role,
              mutation.kind,
              answer.status,
              failure && {
                ...failure,
                text: `[${role}] ${mutation.kind} ${mutation.detail}: ${failure.text}`,
              },
            );
          };
          // The valid request first, alone; then the mutated ones, CONCURRENCY at a time.
          await runCase(UNCHANGED, 0);
          for (let start = 1; start < cases.length; start += CONCURRENCY) {
            const batch = cases.slice(start, start + CONCURRENCY);
            await Promise.all(batch.map((mutation, offset) => runCase(mutation, start + offset)));
          }
        }
        // Written after every operation, so a run cut short still leaves the figures it has.
        if (REPORT)
          writeReport(REPORT, reports, {
            seed: SEED,
            runs: RUNS,
            concurrency: CONCURRENCY,
            planned: operations.length,
          });
        expect(report.failures).toEqual([]);
      },
    );
  });
});
