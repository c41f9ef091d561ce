import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { SmtpSettings } from './smtp-settings.ts';

/**
 * A nodemailer SMTP transport for one send, closed by the caller afterwards.
 *
 * Made per job rather than cached: the settings are re-read for every job anyway (an admin may
 * change them, and a retry after a fix must pick the fix up), a non-pooled transport costs
 * nothing until it connects, and nothing stays open between jobs or at shutdown. A fan-out that
 * sends many messages at once may later keep a pooled transport keyed by the settings snapshot.
 *
 * `secure` is the admin's choice (implicit TLS, usually port 465). Without it, STARTTLS is used
 * when the server offers it and not required, so a local server without TLS (the embedded mail
 * catcher) works.
 */
export function createSmtpTransport(settings: SmtpSettings): Transporter<SMTPTransport.SentMessageInfo> {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: false,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    // A hanging server must fail the attempt (and let BullMQ retry) instead of holding the job for minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // Our messages never attach files or URLs; refuse them outright.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
