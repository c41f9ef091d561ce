import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { mapDatabaseError } from '../../db/pg-errors.ts';
import { AppError, type ErrorCode } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { mapInfrastructureError } from './infrastructure-errors.ts';
import { UNSUPPORTED_BODY } from './body-parsers.ts';

/**
 * The response validator (app.ts, outside production) reports a drifting response as its
 * InternalServerError. Recognised by shape, so production never loads the validator to ask.
 */
const isResponseContractError = (err: unknown): boolean =>
  err instanceof Error &&
  err.name === 'Internal Server Error' &&
  Array.isArray((err as { errors?: unknown }).errors);

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_implemented: 501,
  service_unavailable: 503,
  internal: 500,
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  path?: string;
  errors?: { path?: string; message?: string }[];
  message?: string;
}

/** Errors raised by body-parser, multer and express-openapi-validator, turned into domain errors. */
function fromFrameworkError(err: HttpishError): AppError | undefined {
  if (err.type === 'entity.parse.failed') return new AppError('bad_request', 'Nieprawidłowy format JSON.');
  if (err.type === 'entity.too.large' || err.code === 'LIMIT_FILE_SIZE') {
    return new AppError('payload_too_large', 'Przesłane dane są zbyt duże.');
  }
  if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported') {
    return new AppError('unsupported_media_type', 'Nieobsługiwane kodowanie treści.');
  }
  if (typeof err.code === 'string' && err.code.startsWith('LIMIT_')) {
    return new AppError('bad_request', 'Nieprawidłowe dane formularza.');
  }
  const status = err.status ?? err.statusCode;
  if (status === 404) return new AppError('not_found', 'Nie znaleziono.');
  if (status === 405) return new AppError('not_found', 'Nie znaleziono.');
  if (status === 415) return new AppError('unsupported_media_type', UNSUPPORTED_BODY);
  if (status === 400) {
    const first = err.errors?.[0];
    return new AppError('validation_failed', 'Nieprawidłowe dane wejściowe.', {
      field: first?.path?.replace(/^\/(body|query|params)\//, '').replaceAll('/', '.'),
    });
  }
  return undefined;
}

function fromZodError(err: ZodError): AppError {
  const issue = err.issues[0];
  const field = issue?.path.join('.') || undefined;
  return new AppError('validation_failed', issue?.message ?? 'Nieprawidłowe dane wejściowe.', { field });
}

/** The one place errors become responses: `{ error, message, field? }`, the right status, never a stack. */
export function errorHandler(
  logger: Logger,
  options: { exposeContractErrors: boolean },
): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const appError =
      err instanceof AppError
        ? err
        : err instanceof ZodError
          ? fromZodError(err)
          : (mapInfrastructureError(err) ??
            mapDatabaseError(err) ??
            (err && typeof err === 'object' ? fromFrameworkError(err) : undefined));

    if (!appError) {
      const isContractDrift = isResponseContractError(err);
      logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
      if (res.headersSent) return;
      const message =
        isContractDrift && options.exposeContractErrors
          ? `Odpowiedź niezgodna z kontraktem API: ${(err as Error).message}`
          : 'Wystąpił nieoczekiwany błąd serwera.';
      res.status(500).json({ error: 'internal', message });
      return;
    }

    const status = STATUS_BY_CODE[appError.code];
    if (status >= 500) logger.warn({ code: appError.code, url: req.originalUrl }, appError.message);
    if (res.headersSent) return;
    if (appError.details.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(appError.details.retryAfterSeconds))));
    }
    const body: { error: ErrorCode; message: string; field?: string } = {
      error: appError.code,
      message: appError.message,
    };
    if (appError.details.field) body.field = appError.details.field;
    res.status(status).json(body);
  };
}
