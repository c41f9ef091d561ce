import { UNKNOWN_ERROR_REASON } from '@blog/shared/messages';

/** The longest error text kept in a delivery row or a job's failure reason. */
const MAX_LENGTH = 500;

/**
 * An error's message fit for the delivery row, the job's failure reason and the log: every given
 * secret is cut out (raw, and base64 as SMTP AUTH sends it, in case a server echoes it back),
 * control characters flattened, and the length capped.
 */
export function safeErrorMessage(err: unknown, secrets: readonly string[]): string {
  let message = err instanceof Error ? err.message : String(err);
  const forms = secrets
    .filter((secret) => secret.length > 0)
    .flatMap((secret) => [secret, Buffer.from(secret, 'utf8').toString('base64')]);
  for (const form of forms) message = message.split(form).join('[redacted]');
  message = message.replace(/[\r\n\t]+/g, ' ').trim();
  return message.length > MAX_LENGTH
    ? `${message.slice(0, MAX_LENGTH - 1)}…`
    : message || UNKNOWN_ERROR_REASON;
}

/** The credentials in the forms SMTP AUTH PLAIN/LOGIN put on the wire. */
export function smtpCredentialForms(user: string | null, password: string | null): string[] {
  if (!password) return [];
  return [password, `\u0000${user ?? ''}\u0000${password}`];
}
