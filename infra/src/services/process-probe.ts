import { readFile, readlink } from 'node:fs/promises';

/** Reads /proc/<pid>/<file>; undefined when the process or /proc (not Linux) is missing. */
export async function readProc(pid: number, file: string): Promise<string | undefined> {
  try {
    return await readFile(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The working folder of a process (Redis moves into its data folder), when /proc tells. */
export async function workingDirOf(pid: number): Promise<string | undefined> {
  return readlink(`/proc/${pid}/cwd`).catch(() => undefined);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A zombie has exited; it only waits for a parent that may never reap it (PID 1 in some containers). */
export async function isZombie(pid: number): Promise<boolean> {
  const stat = await readProc(pid, 'stat');
  if (stat === undefined) return false;
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/** Polls until the process is gone (or a zombie); false when it is still running after `timeoutMs`. */
export async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isAlive(pid) || (await isZombie(pid))) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid written on the first line of a pid file, if the file exists and holds one. */
export async function readPidFile(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const pid = Number.parseInt(text?.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
