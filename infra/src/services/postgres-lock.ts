import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { runProgram } from './child-process.ts';
import type { PostgresBinaries, RunAs } from './postgres-binaries.ts';
import { isAlive, isZombie, readPidFile, readProc, waitUntilGone } from './process-probe.ts';

type LockOwner =
  /** No postmaster.pid (a clean previous stop), or a dead pid, which PostgreSQL handles itself. */
  | { kind: 'none' }
  /** A zombie, another program (pid reused) or garbage: PostgreSQL would refuse to start. */
  | { kind: 'foreign' }
  /** A postmaster of this very cluster, orphaned by a previous run that was killed. */
  | { kind: 'orphan'; pid: number };

async function lockOwner(lockFile: string, pgdata: string): Promise<LockOwner> {
  if (!(await stat(lockFile).catch(() => undefined))) return { kind: 'none' };
  const pid = await readPidFile(lockFile);
  if (pid === undefined) return { kind: 'foreign' };
  if (!isAlive(pid)) return { kind: 'none' };
  if (await isZombie(pid)) return { kind: 'foreign' };
  const cmdline = await readProc(pid, 'cmdline');
  // Without /proc (not Linux) we cannot tell more: treat a live pid as our orphan and let pg_ctl stop it.
  if (cmdline === undefined) return { kind: 'orphan', pid };
  return cmdline.split('\0').includes(path.resolve(pgdata)) ? { kind: 'orphan', pid } : { kind: 'foreign' };
}

/**
 * Makes a cluster startable after a previous run was killed: an orphaned postmaster of this
 * data folder is stopped, and a lock file naming a zombie or an unrelated process is removed.
 */
export async function clearStaleLock(
  pgdata: string,
  binaries: PostgresBinaries,
  runAs: RunAs,
): Promise<void> {
  const lockFile = path.join(pgdata, 'postmaster.pid');
  const owner = await lockOwner(lockFile, pgdata);
  if (owner.kind === 'foreign') {
    await rm(lockFile, { force: true });
    return;
  }
  if (owner.kind !== 'orphan') return;
  await runProgram(binaries.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '20', '-s'], {
    ...runAs,
    cwd: pgdata,
  });
  if (await waitUntilGone(owner.pid, 5_000)) return;
  process.kill(owner.pid, 'SIGKILL');
  if (!(await waitUntilGone(owner.pid, 5_000))) {
    throw new Error(`A previous PostgreSQL (pid ${owner.pid}) still holds ${pgdata}; stop it and try again`);
  }
}
