/**
 * `npm start`: the whole product in one process from a fresh clone. Whatever the environment
 * does not provide (PostgreSQL, Redis, secrets) is started or generated under DATA_DIR; e-mail
 * goes to a local catcher. Then migrations, first admin and demo content, API, worker.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, loadConfig } from '@blog/api/config';
import type { CreatedAdmin } from '@blog/api/seed';
import { type EmbeddedEnvironment, startEmbeddedServices, withEmbeddedDefaults } from './embedded-env.ts';
import { pointSmtpAtCatcher } from './embedded-smtp.ts';
import { checkPostgres, checkRedis } from './preflight.ts';
import { closeOnSignals, ShutdownStack } from './shutdown.ts';
import { StartupError } from './startup-error.ts';

const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Checks every other variable before anything is started: a typo in PORT should cost no time. */
function checkConfigurationEarly(env: NodeJS.ProcessEnv): void {
  loadConfig({
    ...env,
    DATABASE_URL: env.DATABASE_URL || 'postgres://embedded/blog',
    REDIS_URL: env.REDIS_URL || 'redis://embedded',
  });
}

async function checkGivenServices(env: NodeJS.ProcessEnv): Promise<void> {
  if (env.DATABASE_URL) await checkPostgres(env.DATABASE_URL);
  if (env.REDIS_URL) await checkRedis(env.REDIS_URL);
}

/** Only the file name: importing it from the seed module would load the whole application early. */
const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password.txt';

function printReady(
  url: string,
  config: Config,
  embedded: EmbeddedEnvironment,
  smtpOnCatcher: boolean,
  admin?: CreatedAdmin,
): void {
  say('');
  say(`Blog is running at ${url}`);
  say(
    `  Data folder: ${config.dataDir}${embedded.started.length > 0 ? ` (with ${embedded.started.join(' and ')})` : ''}`,
  );
  say(
    smtpOnCatcher
      ? `  E-mails are not delivered: each one is saved as an .eml file in ${config.mailDir}`
      : '  E-mails go through the SMTP server set in the admin panel',
  );
  if (admin?.password) {
    say(`  First admin: ${admin.username} / ${admin.password}`);
    say(
      `  (the password is also in ${path.join(config.dataDir, INITIAL_ADMIN_PASSWORD_FILE)}; change it after signing in)`,
    );
  }
  if (!existsSync(path.join(webDistDir, 'index.html')))
    say('  The web app is not built: run `npm run build` (npm start does it)');
  say('Press Ctrl+C to stop.');
}

/** The application itself, loaded only once the configuration and services are known to be good. */
async function loadApplication() {
  const [migrate, seed, logger, server, worker] = await Promise.all([
    import('@blog/api/database'),
    import('@blog/api/seed'),
    import('@blog/api/logger'),
    import('@blog/api/server'),
    import('@blog/worker'),
  ]);
  return { ...migrate, ...seed, ...logger, ...server, ...worker };
}

async function run(stack: ShutdownStack): Promise<void> {
  const env = await withEmbeddedDefaults(process.env);
  checkConfigurationEarly(env);
  await checkGivenServices(env);

  const embedded = await startEmbeddedServices(env, stack, (notice) => say(notice));
  Object.assign(process.env, env);
  const config = loadConfig(process.env);
  const { runMigrations, startApiServer, seedInitialData, startWorker, loggerFor } = await loadApplication();

  await runMigrations(config.DATABASE_URL, { logger: loggerFor('db') });
  // The API owns the one Sequelize of this process; seeding and the worker use it too. Seeding runs
  // before the port opens: the very first page a newcomer loads already shows the demo posts.
  let seeded: Awaited<ReturnType<typeof seedInitialData>> | undefined;
  let smtpOnCatcher = false;
  const api = await startApiServer(config, {
    webDistDir,
    async beforeListening({ sequelize }) {
      seeded = await seedInitialData({ sequelize, config, logger: loggerFor('app') });
      smtpOnCatcher = await pointSmtpAtCatcher(sequelize, embedded.catcher);
    },
  });
  stack.add('API', api.close);
  const worker = await startWorker(config, { sequelize: api.runtime.sequelize });
  // Closed before the API, whose Sequelize its running jobs still need.
  stack.add('worker', worker.close);

  printReady(api.url, config, embedded, smtpOnCatcher, seeded?.createdAdmin);
}

function describeFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof StartupError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `Could not start the blog: ${message.split('\n')[0]}`;
}

const stack = new ShutdownStack();
closeOnSignals(stack);
try {
  await run(stack);
} catch (error) {
  await stack.closeAll((line) => process.stderr.write(`${line}\n`));
  process.stderr.write(`${describeFailure(error)}\n`);
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
  process.exit(1);
}
