import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { SmtpSettings } from './smtp-settings.ts';

/**
 * A nodemailer SMTP transport for one send, closed by the caller afterwards.
 *
 * Made per job rather than cached: the settings are re-read for every job anyway (an admin may
 * change them, and a retry after a fix must pick the fix up), a non-pooled transport costs
 * nothing until it connects, and nothing stays open between jobs or at shutdown. Notification
 * fan-outs, which send thousands of messages, use `pooledSmtpTransport` instead.
 *
 * `secure` is the admin's choice (implicit TLS, usually port 465). Without it, STARTTLS is used
 * when the server offers it and not required, so a local server without TLS (the embedded mail
 * catcher) works.
 */
export function createSmtpTransport(
  settings: SmtpSettings,
  timeoutMs: number,
): Transporter<SMTPTransport.SentMessageInfo> {
  return nodemailer.createTransport(transportOptions(settings, timeoutMs));
}

/** `timeoutMs` (SMTP_TIMEOUT_MS) bounds the connection, the greeting and every answer. */
function transportOptions(settings: SmtpSettings, timeoutMs: number): SMTPTransport.Options {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: false,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    // A hanging server must fail the attempt (and let BullMQ retry) instead of holding the job for minutes.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Our messages never attach files or URLs; refuse them outright.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Connections a worker process keeps open to the SMTP server for the fan-out's send jobs. */
const POOL_CONNECTIONS = 8;

let pooled: { key: string; transport: Transporter<SMTPTransport.SentMessageInfo> } | undefined;

/**
 * One pooled transport per process for the current settings snapshot: send jobs reuse open SMTP
 * connections instead of a handshake (and AUTH) per message. The settings are still read per job;
 * when they change (the key is a hash of them, password included), the old pool is closed and a
 * new one made, so a fix applies to the next job. Callers must not close it.
 */
export function pooledSmtpTransport(
  settings: SmtpSettings,
  timeoutMs: number,
): Transporter<SMTPTransport.SentMessageInfo> {
  const key = createHash('sha256').update(JSON.stringify({ settings, timeoutMs })).digest('hex');
  if (pooled?.key === key) return pooled.transport;
  pooled?.transport.close();
  const transport = nodemailer.createTransport({
    ...transportOptions(settings, timeoutMs),
    pool: true,
    maxConnections: POOL_CONNECTIONS,
    // A fresh connection now and then: some servers cap messages per connection.
    maxMessages: 500,
  });
  pooled = { key, transport };
  return transport;
}

/** Closes the pooled connections (worker shutdown). */
export function closePooledSmtpTransport(): void {
  pooled?.transport.close();
  pooled = undefined;
}
