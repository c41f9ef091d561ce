import pino from 'pino';
import { prettyLogStream } from './pretty-log.ts';

/** Fields that must never reach a log line, wherever they appear. */
const redactPaths = [
  'password',
  '*.password',
  'smtpPassword',
  '*.smtpPassword',
  'token',
  '*.token',
  'resetToken',
  '*.resetToken',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
];

export type Logger = pino.Logger;
export type LogArea = 'http' | 'db' | 'queue' | 'email' | 'worker' | 'app' | 'infra' | 'events';

/**
 * `pretty` (a person at a terminal: one short line per request, job or e-mail) unless production or
 * a test run, or LOG_FORMAT says otherwise. Read from the environment because the root logger
 * exists before the configuration is parsed (config.ts validates the same variable).
 */
export const logFormatFromEnv = (env: NodeJS.ProcessEnv = process.env): 'pretty' | 'json' => {
  if (env.LOG_FORMAT === 'pretty' || env.LOG_FORMAT === 'json') return env.LOG_FORMAT;
  return env.NODE_ENV === 'production' || env.NODE_ENV === 'test' || env.VITEST ? 'json' : 'pretty';
};

export function createLogger(
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' }, base: { pid: process.pid } };
  if (destination) return pino(options, destination);
  return logFormatFromEnv() === 'pretty'
    ? pino(options, prettyLogStream(process.stdout))
    : pino(options, jsonStdout());
}

/** Bytes of JSON lines gathered before one write to stdout; a quieter process writes them each second. */
const STDOUT_BATCH_BYTES = 4096;
const STDOUT_FLUSH_MS = 1000;

/**
 * Standard output for JSON lines, written in batches: one write per line made every logged request
 * pay a system call (and, on a pipe to a log collector, a wake-up of the reader). What is gathered is
 * written once it reaches STDOUT_BATCH_BYTES, at the latest a second later, and on exit (pino flushes
 * its destinations then); a process killed outright (SIGKILL) loses at most that last second.
 */
function jsonStdout(): pino.DestinationStream {
  return pino.destination({
    dest: 1,
    minLength: STDOUT_BATCH_BYTES,
    periodicFlush: STDOUT_FLUSH_MS,
    sync: false,
  });
}

/** The process-wide root logger; areas take a child of it. */
export const rootLogger = createLogger();

/** Applies the configured level; call before creating child loggers (children keep the level they were born with). */
export const setLogLevel = (level: string) => {
  rootLogger.level = level;
};

export const loggerFor = (area: LogArea): Logger => rootLogger.child({ area });
