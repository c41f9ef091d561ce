import type { LogFields } from './log-types.ts';

/** A message longer than this is cut: a log line is a summary, never a whole e-mail or document. */
export const MAX_MESSAGE_LENGTH = 1000;
const MAX_FIELD_LENGTH = 300;

/** Field names that may hold a secret; such fields are dropped whatever their value. */
const SECRET_FIELD =
  /pass|secret|token|cookie|authori[sz]ation|session|csrf|api[-_]?key|body|html|text|content/i;

/** `password=...`, `token: ...` and Bearer credentials written into free text by mistake. */
const SECRET_IN_TEXT =
  /\b(bearer\s+)[\w.~+/=-]+|\b((?:password|passwd|haslo|hasło|token|secret|api[-_]?key)\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi;

/** Control characters break the one-line-per-entry format of the Logs screen. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export function scrubMessage(message: string): string {
  const oneLine = message.replace(/\r?\n/g, ' ').replace(CONTROL, '');
  const masked = oneLine.replace(
    SECRET_IN_TEXT,
    (_all, bearer: string | undefined, label: string | undefined) =>
      bearer ? `${bearer}[redacted]` : `${label ?? ''}[redacted]`,
  );
  return masked.length > MAX_MESSAGE_LENGTH ? `${masked.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : masked;
}

/** Drops fields whose name suggests a secret or a body, and shortens long values. */
export function scrubFields(fields: LogFields | undefined): LogFields | undefined {
  if (!fields) return undefined;
  const kept: LogFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(name)) continue;
    kept[name] = typeof value === 'string' ? scrubMessage(value).slice(0, MAX_FIELD_LENGTH) : value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}
