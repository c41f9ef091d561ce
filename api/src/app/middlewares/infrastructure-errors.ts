import { AppError } from '../../errors.ts';

const SEQUELIZE_CONNECTION_ERRORS = new Set([
  'SequelizeConnectionError',
  'SequelizeConnectionRefusedError',
  'SequelizeHostNotFoundError',
  'SequelizeHostNotReachableError',
  'SequelizeConnectionTimedOutError',
  'SequelizeConnectionAcquireTimeoutError',
  'SequelizeAccessDeniedError',
]);

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P03',
]);

const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /Stream isn't writeable/i,
  /enableOfflineQueue/i,
  /Connection is closed/i,
  /Reached the max retries per request limit/i,
];

interface Failure {
  name?: string;
  code?: string;
  message?: string;
  parent?: Failure;
  original?: Failure;
}

/**
 * PostgreSQL or Redis being away is not a bug in the request: it becomes 503 with Retry-After, so
 * clients and load balancers back off instead of seeing 500s.
 */
export function mapInfrastructureError(err: unknown): AppError | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const failure = err as Failure;
  const causes = [failure, failure.parent, failure.original].filter((cause): cause is Failure =>
    Boolean(cause),
  );
  const isOutage = causes.some(
    (cause) =>
      (cause.name !== undefined && SEQUELIZE_CONNECTION_ERRORS.has(cause.name)) ||
      cause.name === 'MaxRetriesPerRequestError' ||
      (cause.code !== undefined && NETWORK_CODES.has(cause.code)) ||
      CONNECTION_MESSAGES.some((pattern) => pattern.test(cause.message ?? '')),
  );
  return isOutage
    ? new AppError('service_unavailable', 'Usługa chwilowo niedostępna. Spróbuj ponownie za chwilę.', {
        retryAfterSeconds: 5,
      })
    : undefined;
}
