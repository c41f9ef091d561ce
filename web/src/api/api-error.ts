import type { ApiError as ApiErrorBody } from '@blog/shared';

export type { ApiErrorBody };

const NETWORK_MESSAGE =
  'Nie udało się połączyć z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie.';

/**
 * A non-OK answer from the API. `message` is „{status}: {response text}” (the status text when the body is
 * empty); `body` is the contract's JSON error when the answer carried one.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
  }

  /** Stable machine code of the contract (`not_found`, `csrf_failed`, ...), when known. */
  get code(): ApiErrorBody['error'] | undefined {
    return this.body?.error;
  }

  /** What to show a person: the server's own (Polish) message when it sent one, else the status line. */
  get userMessage(): string {
    if (this.status === 0) return NETWORK_MESSAGE;
    return this.body?.message || this.message;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** Reads the body of a failed response and turns it into an ApiError. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: ApiErrorBody | null = null;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      body = isErrorBody(parsed) ? parsed : null;
    } catch {
      // A plain-text or HTML body (e.g. from a proxy) stays in the message only.
    }
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}

/** The request never got an answer (offline, DNS, server down). */
export function networkError(cause: unknown): ApiError {
  const error = new ApiError(0, `0: ${cause instanceof Error ? cause.message : String(cause)}`, null);
  error.cause = cause;
  return error;
}

/** What to show a person for any error a hook or mutation can throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.userMessage;
  if (error instanceof Error && error.message) return error.message;
  return 'Nieznany błąd';
}
