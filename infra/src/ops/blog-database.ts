import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMBEDDED_DATABASE_NAME, resolveDataDir } from '../embedded-env.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../services/embedded-postgres.ts';
import { isAlive } from '../services/process-probe.ts';

export interface BlogDatabase {
  url: string;
  /** Where it came from, for the operator's messages. */
  source: 'DATABASE_URL' | 'embedded (running)' | 'embedded (started for this command)';
  close(): Promise<void>;
}

/**
 * The blog's database for the operator's commands: DATABASE_URL when set, otherwise the embedded
 * PostgreSQL of `npm start` under DATA_DIR/postgres. A running one (npm start is up) is reached on
 * the port its postmaster.pid names, with the password kept beside the cluster; a stopped one is
 * started for the command and stopped afterwards (and, for a restore, created when there is none).
 */
export async function openBlogDatabase(
  env: NodeJS.ProcessEnv,
  options: { createEmbedded?: boolean } = {},
): Promise<BlogDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, source: 'DATABASE_URL', close: async () => {} };
  const dir = path.join(resolveDataDir(env), 'postgres');
  const password = (await readFile(path.join(dir, 'password'), 'utf8').catch(() => '')).trim();
  if (!password && !options.createEmbedded)
    throw new Error(`No database: set DATABASE_URL, or run npm start once so ${dir} holds the embedded one.`);
  const pid = await readFile(path.join(dir, 'pgdata', 'postmaster.pid'), 'utf8').catch(() => '');
  const [pidLine, , , portLine] = pid.split('\n');
  if (pidLine && isAlive(Number(pidLine)) && portLine) {
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${portLine.trim()}/${EMBEDDED_DATABASE_NAME}`;
    return { url, source: 'embedded (running)', close: async () => {} };
  }
  const postgres = await startEmbeddedPostgres({ dataDir: dir, persistent: true });
  return {
    url: await ensureDatabase(postgres.url, EMBEDDED_DATABASE_NAME),
    source: 'embedded (started for this command)',
    close: () => postgres.stop(),
  };
}
