import pino from 'pino';

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

export function createLogger(
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' }, base: { pid: process.pid } };
  return destination ? pino(options, destination) : pino(options);
}

/** The process-wide root logger; areas take a child of it. */
export const rootLogger = createLogger();

/** Applies the configured level; call before creating child loggers (children keep the level they were born with). */
export const setLogLevel = (level: string) => {
  rootLogger.level = level;
};

export const loggerFor = (area: LogArea): Logger => rootLogger.child({ area });
