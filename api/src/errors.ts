/**
 * Domain errors: services throw these (never HTTP objects); the HTTP error middleware maps
 * each code to a status. Messages are shown to people, so they are Polish.
 */
export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'csrf_failed'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_implemented'
  | 'service_unavailable'
  | 'internal';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError('bad_request', message, { field });
export const validationFailed = (message: string, field?: string) =>
  new AppError('validation_failed', message, { field });
export const unauthorized = (message = 'Musisz się zalogować.') => new AppError('unauthorized', message);
export const forbidden = (message = 'Brak dostępu.') => new AppError('forbidden', message);
export const notFound = (message = 'Nie znaleziono.') => new AppError('not_found', message);
export const conflict = (message: string, field?: string) => new AppError('conflict', message, { field });
/** A 409: what was asked for clashes with what exists (a taken name, an address already subscribed). */
export const isConflict = (err: unknown): boolean => err instanceof AppError && err.code === 'conflict';
export const isNotFound = (err: unknown): boolean => err instanceof AppError && err.code === 'not_found';
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('rate_limited', message, { retryAfterSeconds });
export const notImplemented = (message = 'Ta funkcja nie jest jeszcze dostępna.') =>
  new AppError('not_implemented', message);
export const serviceUnavailable = (message = 'Usługa chwilowo niedostępna. Spróbuj ponownie za chwilę.') =>
  new AppError('service_unavailable', message, { retryAfterSeconds: 5 });
