import path from 'node:path';
import { z } from 'zod';

/** Thrown when the environment cannot be turned into a configuration; its message is one readable line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const secret = (name: string, minLength: number) =>
  z
    .string({ error: `${name} is required (no default for secrets)` })
    .min(minLength, `${name} must be at least ${minLength} characters`);

const url = (name: string, protocols: string[]) =>
  z.string({ error: `${name} is required` }).refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `${name} must be a ${protocols.join(' or ')} URL`,
  );

const positiveInt = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  /** Namespace for every Redis key (app keys and BullMQ queues), so several deployments or test runs share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9:_-]+$/, 'REDIS_PREFIX may hold letters, digits, colons, dashes and underscores')
    .default('blog'),
  DATA_DIR: z.string().default('./.data'),
  SESSION_SECRET: secret('SESSION_SECRET', 32),
  ENCRYPTION_KEY: secret('ENCRYPTION_KEY', 64).regex(
    /^[0-9a-fA-F]{64}$/,
    'ENCRYPTION_KEY must be 64 hex characters (32 bytes)',
  ),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']).default('http://localhost:3000'),
  ADMIN_USERNAME: z.string().min(3, 'ADMIN_USERNAME must be at least 3 characters').default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be a valid e-mail address').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How many reverse proxies sit in front of the API (Express `trust proxy`); 0 = none. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** The first sign-in block after repeated wrong passwords; each repeat within a day doubles it. */
  LOGIN_BLOCK_SECONDS: z.coerce
    .number({ error: 'LOGIN_BLOCK_SECONDS must be a number' })
    .int('LOGIN_BLOCK_SECONDS must be a whole number')
    .min(1, 'LOGIN_BLOCK_SECONDS must be at least 1')
    .default(300),
  /** `pretty`: one readable line per request, job or e-mail; `json`: structured (default in production). */
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'LOG_FORMAT must be pretty or json' }).optional(),
  /** Bearer token that lets a non-loopback scraper read /metrics; unset = loopback only. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Port of the worker's own /metrics server; unset = no server. */
  WORKER_METRICS_PORT: z.coerce
    .number({ error: 'WORKER_METRICS_PORT must be a number' })
    .int('WORKER_METRICS_PORT must be a whole number')
    .min(0, 'WORKER_METRICS_PORT must be between 0 and 65535')
    .max(65535, 'WORKER_METRICS_PORT must be between 0 and 65535')
    .optional(),
  /** Interface of the worker's metrics server; loopback unless an operator opens it (with METRICS_TOKEN). */
  WORKER_METRICS_HOST: z.string().default('127.0.0.1'),
  /** Domain events one worker process handles at once. */
  WORKER_CONCURRENCY: positiveInt('WORKER_CONCURRENCY', 5),
  /** E-mails one worker process sends at once. */
  WORKER_EMAIL_CONCURRENCY: positiveInt('WORKER_EMAIL_CONCURRENCY', 5),
  /** Attempts per job before it fails for good (exponential backoff between them). */
  QUEUE_ATTEMPTS: positiveInt('QUEUE_ATTEMPTS', 5),
  /** First retry delay in milliseconds; each later one doubles. */
  QUEUE_BACKOFF_MS: positiveInt('QUEUE_BACKOFF_MS', 2000),
  /** Housekeeping deletes e-mail delivery records older than this many days. */
  DELIVERY_RETENTION_DAYS: positiveInt('DELIVERY_RETENTION_DAYS', 90),
  /** An uploaded image no post uses is deleted only once it is this many hours old (uploads in progress). */
  UPLOAD_GRACE_HOURS: positiveInt('UPLOAD_GRACE_HOURS', 24),
  /** Where the built SPA lives; the API serves it when the folder exists. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the configuration reads (documented one by one in .env.example). */
export const configVariables = Object.keys(envSchema.shape) as (keyof Env)[];

export type Config = Env & {
  isProduction: boolean;
  dataDir: string;
  uploadsDir: string;
  mailDir: string;
};

const emptyToUndefined = (env: NodeJS.ProcessEnv): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]));

/** Parses the environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = issue.path.join('.');
    const message = issue.message.includes(variable) ? issue.message : `${variable}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    isProduction: parsed.data.NODE_ENV === 'production',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    mailDir: path.join(dataDir, 'mail'),
  };
}
