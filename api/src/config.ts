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
  /** Public cache hits are access-logged one in this many (1: all, 0: none); everything else always. */
  ACCESS_LOG_HIT_SAMPLE: z.coerce
    .number({ error: 'ACCESS_LOG_HIT_SAMPLE must be a number' })
    .int('ACCESS_LOG_HIT_SAMPLE must be a whole number')
    .min(0, 'ACCESS_LOG_HIT_SAMPLE must be 0 or more')
    .default(100),
  /**
   * The channel PostgreSQL notifies public content changes on (db/migrations/0005): this process's
   * connections name it to the triggers and the public cache listens on it. Every process of one site
   * must use the same; tests give each file its own.
   */
  PUBLIC_CONTENT_CHANNEL: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'PUBLIC_CONTENT_CHANNEL must be a lower-case PostgreSQL identifier')
    .default('blog_public_content'),
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
  /**
   * How long a subscribe's slot of the daily cap waits for its database write: a process that dies
   * in between frees it after this long (the write itself takes milliseconds).
   */
  SUBSCRIPTION_SLOT_LEASE_MS: positiveInt('SUBSCRIPTION_SLOT_LEASE_MS', 15_000),
  /** An SMTP server that does not connect, greet or answer within this many ms fails the attempt (retried later). */
  SMTP_TIMEOUT_MS: positiveInt('SMTP_TIMEOUT_MS', 20_000),
  /** Housekeeping deletes e-mail delivery records older than this many days. */
  DELIVERY_RETENTION_DAYS: positiveInt('DELIVERY_RETENTION_DAYS', 90),
  /** An uploaded image no post uses is deleted only once it is this many hours old (uploads in progress). */
  UPLOAD_GRACE_HOURS: positiveInt('UPLOAD_GRACE_HOURS', 24),
  /** Where the built SPA lives; the API serves it when the folder exists. */
  WEB_DIST_DIR: z.string().optional(),
  /** Where uploaded images live: `local` (DATA_DIR/uploads) or `s3` (any S3-compatible bucket). */
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
  S3_BUCKET: z.string().min(3, 'S3_BUCKET must be at least 3 characters').optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible service's address (MinIO, R2, B2, …); unset = AWS S3 itself. */
  S3_ENDPOINT: url('S3_ENDPOINT', ['http:', 'https:']).optional(),
  /** `true` for services that want bucket/key paths instead of bucket subdomains (MinIO, most local ones). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** Both or neither; neither = the SDK's own chain (instance role, AWS_* variables, profile). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** A CDN or the bucket's public address; unset = the API serves /api/images/… from the storage. */
  UPLOADS_PUBLIC_URL: url('UPLOADS_PUBLIC_URL', ['http:', 'https:']).optional(),
  /**
   * The cache in front of the API that changes are purged from, by surrogate key (docs/cdn.md):
   * `none`, `varnish-xkey`, `varnish-ban`, `fastly`, `cloudflare-tags`, `cloudflare-urls` or `webhook`.
   */
  CDN_PURGE: z
    .enum(
      ['none', 'varnish-xkey', 'varnish-ban', 'fastly', 'cloudflare-tags', 'cloudflare-urls', 'webhook'],
      {
        error:
          'CDN_PURGE must be none, varnish-xkey, varnish-ban, fastly, cloudflare-tags, cloudflare-urls or webhook',
      },
    )
    .default('none'),
  /**
   * Where purges go: the Varnish addresses (comma-separated), the webhook's URL, or another API base
   * for Fastly (https://api.fastly.com) or Cloudflare (https://api.cloudflare.com/client/v4).
   */
  CDN_PURGE_URL: z.string().optional(),
  /** Fastly's service id or Cloudflare's zone id. */
  CDN_SERVICE_ID: z.string().min(1).optional(),
  /** Fastly's API token, Cloudflare's API token, or the webhook's bearer token (optional there). */
  CDN_PURGE_TOKEN: z.string().min(8, 'CDN_PURGE_TOKEN must be at least 8 characters').optional(),
  /** Attempts per purge before it is given up (exponential backoff from QUEUE_BACKOFF_MS between them). */
  CDN_PURGE_ATTEMPTS: positiveInt('CDN_PURGE_ATTEMPTS', 12),
  /** A purge call that has not answered within this many ms fails the attempt (retried later). */
  CDN_PURGE_TIMEOUT_MS: positiveInt('CDN_PURGE_TIMEOUT_MS', 5000),
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

/** What STORAGE=s3 needs beyond the per-variable rules; null when it has it (or storage is local). */
function s3Problem(
  env: Pick<Env, 'STORAGE' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>,
): string | null {
  if (env.STORAGE !== 's3') return null;
  if (!env.S3_BUCKET) return 'S3_BUCKET is required when STORAGE=s3';
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together';
  return null;
}

/** What the chosen CDN_PURGE needs beyond the per-variable rules; null when it has it. */
function cdnProblem(
  env: Pick<Env, 'CDN_PURGE' | 'CDN_PURGE_URL' | 'CDN_SERVICE_ID' | 'CDN_PURGE_TOKEN'>,
): string | null {
  const urls = env.CDN_PURGE_URL?.split(',').map((value) => value.trim()) ?? [];
  if (urls.some((value) => !/^https?:\/\/[^\s]+$/.test(value)))
    return 'CDN_PURGE_URL must be http or https URLs, separated by commas';
  switch (env.CDN_PURGE) {
    case 'none':
      return null;
    case 'varnish-xkey':
    case 'varnish-ban':
      return urls.length
        ? null
        : `CDN_PURGE_URL (the Varnish addresses) is required when CDN_PURGE=${env.CDN_PURGE}`;
    case 'webhook':
      return urls.length === 1 ? null : 'CDN_PURGE_URL (one URL) is required when CDN_PURGE=webhook';
    case 'fastly':
    case 'cloudflare-tags':
    case 'cloudflare-urls':
      if (!env.CDN_SERVICE_ID) return `CDN_SERVICE_ID is required when CDN_PURGE=${env.CDN_PURGE}`;
      if (!env.CDN_PURGE_TOKEN) return `CDN_PURGE_TOKEN is required when CDN_PURGE=${env.CDN_PURGE}`;
      return urls.length > 1 ? 'CDN_PURGE_URL takes one API base for Fastly or Cloudflare' : null;
  }
}

/** The schema's data, or ConfigError naming the first bad variable (or the missing S3 setting). */
function parseEnv<S extends typeof envSchema | typeof storageSchema>(schema: S, env: NodeJS.ProcessEnv) {
  const parsed = schema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = issue.path.join('.');
    const message = issue.message.includes(variable) ? issue.message : `${variable}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}`);
  }
  const problem = s3Problem(parsed.data);
  if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
  return parsed.data as z.infer<S>;
}

const storageSchema = envSchema.pick({
  DATA_DIR: true,
  STORAGE: true,
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ENDPOINT: true,
  S3_FORCE_PATH_STYLE: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
});
export type StorageEnv = z.infer<typeof storageSchema> & { uploadsDir: string };

/**
 * Only the storage variables (and DATA_DIR), for the operator's scripts that touch uploads without
 * running the API (storage:migrate, backup, restore); same rules and messages as loadConfig.
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageEnv {
  const data = parseEnv(storageSchema, env);
  return { ...data, uploadsDir: path.join(path.resolve(data.DATA_DIR), 'uploads') };
}

/** Parses the environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const data = parseEnv(envSchema, env);
  const cdn = cdnProblem(data);
  if (cdn) throw new ConfigError(`Invalid configuration: ${cdn}`);
  const dataDir = path.resolve(data.DATA_DIR);
  return {
    ...data,
    isProduction: data.NODE_ENV === 'production',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    mailDir: path.join(dataDir, 'mail'),
  };
}
