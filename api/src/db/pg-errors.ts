import { AppError, badRequest, conflict } from '../errors.ts';

/** The parts of a PostgreSQL error (pg's DatabaseError) that tell what went wrong. */
interface PgErrorFields {
  code: string;
  detail?: string;
  column?: string;
  constraint?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Sequelize wraps pg's error in `parent`/`original`; raw pg errors carry the code themselves. */
function pgFields(err: unknown): PgErrorFields | undefined {
  if (!isObject(err)) return undefined;
  for (const candidate of [err.parent, err.original, err]) {
    if (isObject(candidate) && typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
        column: typeof candidate.column === 'string' ? candidate.column : undefined,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
  }
  return undefined;
}

const snakeToCamel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** "Key (lower(name::text))=(x) already exists." → "name"; "Key (post_id, tag_id)=…" → undefined. */
function fieldFromDetail(detail: string | undefined): string | undefined {
  const key = detail?.match(/^Key \((.+?)\)=/)?.[1];
  if (!key || key.includes(',')) return undefined;
  const column = key.match(/^(?:lower\()?([a-z_][a-z0-9_]*)/)?.[1];
  return column ? snakeToCamel(column) : undefined;
}

/** Sequelize's own validation (notNull, isIn) fails before any SQL runs. */
function fromSequelizeValidation(err: Record<string, unknown>): AppError | undefined {
  if (err.name !== 'SequelizeValidationError' || !Array.isArray(err.errors)) return undefined;
  const first: unknown = err.errors[0];
  const path = isObject(first) && typeof first.path === 'string' ? first.path : undefined;
  return badRequest('Nieprawidłowe dane wejściowe.', path);
}

/**
 * Turns a database error caused by bad input into the domain error the client should see;
 * anything else (connection lost, syntax errors, bugs) stays undefined and becomes a logged 500.
 */
export function mapDatabaseError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const fields = pgFields(err);
  if (!fields) return isObject(err) ? fromSequelizeValidation(err) : undefined;
  const field = fields.column ? snakeToCamel(fields.column) : undefined;

  switch (fields.code) {
    case '22P02': // invalid_text_representation: 'abc' for an integer, a malformed uuid
      return badRequest('Nieprawidłowe dane wejściowe.', field);
    case '22003': // numeric_value_out_of_range
      return badRequest('Liczba jest poza dozwolonym zakresem.', field);
    case '22021': // character_not_in_repertoire: NUL bytes
    case '22P05': // untranslatable_character: \u0000 inside JSON
      return badRequest('Tekst zawiera niedozwolone znaki.', field);
    case '22001': // string_data_right_truncation
      return badRequest('Tekst jest zbyt długi.', field);
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return badRequest('Nieprawidłowa data.', field);
    case '23502': // not_null_violation
    case '23514': // check_violation
      return badRequest('Nieprawidłowe dane wejściowe.', field);
    case '23505': // unique_violation
      return conflict('Taki wpis już istnieje.', fieldFromDetail(fields.detail));
    case '23503': // foreign_key_violation
      // Deleting a row others still point at (no such FK today: all cascade or set null).
      if (fields.detail?.includes('is still referenced')) {
        return conflict('Tego obiektu nie można usunąć, ponieważ jest używany.');
      }
      return badRequest('Powiązany obiekt nie istnieje.', fieldFromDetail(fields.detail));
    default:
      return undefined;
  }
}
