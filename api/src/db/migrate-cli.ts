/**
 * `npm run migrate`: applies pending migrations to DATABASE_URL. Needs nothing else from the
 * environment, so it can run before the rest of the configuration exists.
 */
import { createLogger } from '../logger.ts';
import { runMigrations } from './migrate.ts';

function fail(message: string): never {
  console.error(`migrate: ${message}`);
  process.exit(1);
}

/** Host, port and database only: the URL may carry a password. */
function describe(url: URL): string {
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

async function main(): Promise<void> {
  const raw = process.env.DATABASE_URL;
  if (!raw) fail('DATABASE_URL is not set (e.g. postgres://user:password@localhost:5432/blog)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail('DATABASE_URL is not a valid URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    fail('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn').child({ area: 'db' });
  try {
    const applied = await runMigrations(raw, { logger });
    process.stdout.write(
      applied.length > 0
        ? `migrate: applied ${applied.length} migration(s): ${applied.join(', ')}\n`
        : 'migrate: database schema is up to date\n',
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    fail(`cannot migrate ${describe(url)}: ${message.split('\n')[0]}`);
  }
}

await main();
