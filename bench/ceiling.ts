import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RecordedResponse } from './ceiling-server.ts';
import { rawGet, spawnUntilReady, stopChild } from './child-process.ts';

const CEILING_SERVER = path.join(import.meta.dirname, 'ceiling-server.ts');
/** Headers that describe one exchange, not the answer: the ceiling server sets its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The ceiling: every path fetched once from the API exactly as autocannon asks for it (with
 * `requestHeaders`, e.g. a signed-in admin's cookie), then a bare Node http server in its own process
 * answering the same status, headers and bytes from memory. Returns the recorded answers too.
 */
export async function startCeiling(
  apiOrigin: string,
  paths: string[],
  dataDir: string,
  requestHeaders: Record<string, string> = {},
): Promise<{
  origin: string;
  pid: number;
  recorded: RecordedResponse[];
  stop(): Promise<void>;
}> {
  const recorded: RecordedResponse[] = [];
  for (const requestPath of paths) {
    const answer = await rawGet(apiOrigin, requestPath, requestHeaders);
    const headers = Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)),
    );
    recorded.push({
      path: requestPath,
      status: answer.status,
      headers,
      bodyBase64: answer.body.toString('base64'),
    });
  }
  const recordFile = path.join(dataDir, 'ceiling.json');
  await writeFile(recordFile, JSON.stringify(recorded));
  // BENCH_CPU_PROF profiles the ceiling too (its file holds ceiling-server.ts), to compare with the API's.
  const profileArgs = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const ceiling = await spawnUntilReady(
    process.execPath,
    [...profileArgs, '--import', 'tsx', CEILING_SERVER, recordFile],
    {
      timeoutMs: 30_000,
      ready: async (_child, stdout) => stdout.includes('"port"'),
    },
  );
  const { port } = JSON.parse(ceiling.stdout().trim().split('\n')[0]) as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: ceiling.child.pid ?? 0,
    recorded,
    stop: () => stopChild(ceiling.child),
  };
}
