import path from 'node:path';
import { loadOrCreateSecrets } from './secrets.ts';
import { ensureDatabase, startEmbeddedPostgres } from './services/embedded-postgres.ts';
import { startEmbeddedRedis } from './services/embedded-redis.ts';
import { type MailCatcher, startMailCatcher } from './services/mail-catcher.ts';
import type { ShutdownStack } from './shutdown.ts';

export const EMBEDDED_DATABASE_NAME = 'blog';

export interface EmbeddedEnvironment {
  dataDir: string;
  catcher: MailCatcher;
  /** Which services this run started itself (the others came from the environment). */
  started: ('PostgreSQL' | 'Redis')[];
}

/** DATA_DIR as the configuration will read it (default ./.data, relative to the working folder). */
export const resolveDataDir = (env: NodeJS.ProcessEnv) => path.resolve(env.DATA_DIR || './.data');

/**
 * The secrets and URLs the environment does not give, filled in for a local run. Nothing is
 * started: used to check the rest of the configuration before spending time on services.
 */
export async function withEmbeddedDefaults(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const dataDir = resolveDataDir(env);
  const filled: NodeJS.ProcessEnv = {
    ...env,
    DATA_DIR: dataDir,
    ...(await loadOrCreateSecrets(dataDir, env)),
  };
  // PUBLIC_URL goes into links in e-mails; locally it must follow a PORT other than 3000.
  if (!env.PUBLIC_URL && env.PORT) filled.PUBLIC_URL = `http://localhost:${env.PORT}`;
  return filled;
}

/**
 * Starts what `env` lacks: PostgreSQL (database `blog`) and Redis under DATA_DIR, and always the
 * mail catcher writing to DATA_DIR/mail. Sets the resulting URLs in `env`; every started
 * service goes onto `stack` so it is stopped on exit.
 */
export async function startEmbeddedServices(
  env: NodeJS.ProcessEnv,
  stack: ShutdownStack,
  onNotice: (message: string) => void,
): Promise<EmbeddedEnvironment> {
  const dataDir = resolveDataDir(env);
  const started: EmbeddedEnvironment['started'] = [];
  if (!env.DATABASE_URL) {
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      persistent: true,
      onNotice,
    });
    stack.add('PostgreSQL', postgres.stop);
    env.DATABASE_URL = await ensureDatabase(postgres.url, EMBEDDED_DATABASE_NAME);
    started.push('PostgreSQL');
  }
  if (!env.REDIS_URL) {
    const redis = await startEmbeddedRedis({ dataDir: path.join(dataDir, 'redis') });
    stack.add('Redis', redis.stop);
    env.REDIS_URL = redis.url;
    started.push('Redis');
  }
  const catcher = await startMailCatcher({ dir: path.join(dataDir, 'mail') });
  stack.add('mail catcher', catcher.stop);
  return { dataDir, catcher, started };
}
