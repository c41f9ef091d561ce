import { appendLog } from '@blog/api/logs';
import { emailsSent } from '@blog/api/metrics';
import { EmailDelivery } from '@blog/api/models';
import { UnrecoverableError } from 'bullmq';
import { literal } from 'sequelize';
import type { WorkerContext } from '../context.ts';
import { safeErrorMessage, smtpCredentialForms } from './safe-error.ts';
import { readSmtpSettings } from './smtp-settings.ts';
import { createSmtpTransport, pooledSmtpTransport } from './smtp-transport.ts';

/** What `email_deliveries.kind` records; one per message the product sends. */
export type EmailKind =
  | 'password-issued'
  | 'password-reset'
  | 'post-notification'
  | 'subscription-confirmation'
  | 'subscription-confirm-request';

export interface OutgoingEmail {
  /** The outbox event this message belongs to: (eventId, to) is sent at most once. */
  eventId: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); made single-line before sending. */
  headers?: Record<string, string>;
  /** A Message-ID fixed per (event, recipient), so a mailbox can fold a duplicate into one. */
  messageId?: string;
  /** Send over the process's pooled connections (fan-out); otherwise a one-off connection. */
  pooled?: boolean;
}

export type SendOutcome = 'sent' | 'skipped';

/** A send attempt failed; the message is safe to store and log (no credentials). */
export class EmailSendError extends Error {
  override name = 'EmailSendError';
}

/** Header values are built by us, but a CR/LF from stored data must never start a new header. */
export const singleLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

// One bare address: no display name, list separator, comment or group that could add recipients.
const BARE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

/**
 * The recipient as it is keyed in email_deliveries: one line, one bare address.
 * A malformed address cannot get better by retrying, so the job fails at once.
 */
export function normalizeRecipient(to: string): string {
  const address = singleLine(to);
  if (!BARE_ADDRESS.test(address))
    throw new UnrecoverableError('The recipient is not a single e-mail address');
  return address;
}

/** What nodemailer sends for one message: every header value on one line, one bare recipient. */
export function mailOptions(
  sender: string,
  recipient: string,
  email: Pick<OutgoingEmail, 'subject' | 'text' | 'html' | 'messageId' | 'headers'>,
) {
  return {
    from: singleLine(sender),
    to: recipient,
    subject: singleLine(email.subject),
    text: email.text,
    html: email.html,
    ...(email.messageId ? { messageId: singleLine(email.messageId) } : {}),
    ...(email.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(email.headers).map(([name, value]) => [singleLine(name), singleLine(value)]),
          ),
        }
      : {}),
  };
}

/** Whether this event's message to `to` has already gone out (so a retry must not redo its work). */
export async function isAlreadySent(eventId: string, to: string): Promise<boolean> {
  const row = await EmailDelivery.findOne({
    where: { eventId, recipient: normalizeRecipient(to), status: 'sent' },
    attributes: ['id'],
  });
  return row !== null;
}

/** The delivery row of (eventId, recipient), created `pending` on the first attempt. */
async function claimDelivery(eventId: string, recipient: string, kind: EmailKind): Promise<EmailDelivery> {
  // ON CONFLICT DO NOTHING: a retry (or a crashed earlier run) finds the row it left.
  await EmailDelivery.bulkCreate([{ eventId, recipient, kind }], { ignoreDuplicates: true });
  return EmailDelivery.findOne({ where: { eventId, recipient }, rejectOnEmpty: true });
}

/**
 * Sends one message once per (event, recipient), recorded in email_deliveries: a row already
 * `sent` means a retry skips; otherwise the row ends `sent` (sentAt, attempts + 1), or, when the
 * send fails, keeps attempts + 1 and the error (no credentials in it) and the error is rethrown
 * for BullMQ to retry with backoff. Settings are read per call, so a fix applies to the next retry.
 */
export async function sendEmail(
  ctx: Pick<WorkerContext, 'config' | 'logger' | 'clock' | 'redis'>,
  email: OutgoingEmail,
): Promise<SendOutcome> {
  const recipient = normalizeRecipient(email.to);
  const delivery = await claimDelivery(email.eventId, recipient, email.kind);
  const log = { eventId: email.eventId, kind: email.kind, deliveryId: delivery.id };
  if (delivery.status === 'sent') {
    ctx.logger.info(log, 'e-mail already sent for this event; skipped');
    emailsSent.inc({ outcome: 'skipped' });
    return 'skipped';
  }

  let secrets: string[] = [];
  try {
    const settings = await readSmtpSettings(ctx.config);
    secrets = smtpCredentialForms(settings.user, settings.password);
    const timeoutMs = ctx.config.SMTP_TIMEOUT_MS;
    const transport = email.pooled
      ? pooledSmtpTransport(settings, timeoutMs)
      : createSmtpTransport(settings, timeoutMs);
    try {
      await transport.sendMail(mailOptions(settings.sender, recipient, email));
    } finally {
      if (!email.pooled) transport.close();
    }
  } catch (err) {
    const message = safeErrorMessage(err, secrets);
    await delivery.update({ status: 'failed', attempts: literal('attempts + 1'), lastError: message });
    ctx.logger.warn({ ...log, err: message }, 'e-mail send failed');
    emailsSent.inc({ outcome: 'failed' });
    await appendLog(ctx, 'error', 'WARN', `Wysyłka e-mail nieudana (${email.kind}): ${message}`, log);
    // A new error, without `cause`: the original may hold the server's reply with credentials.
    throw new EmailSendError(message);
  }

  await delivery.update({
    status: 'sent',
    sentAt: ctx.clock.now(),
    attempts: literal('attempts + 1'),
    lastError: null,
  });
  ctx.logger.info(log, 'e-mail sent');
  emailsSent.inc({ outcome: 'sent' });
  // The kind and delivery id only: never the address's message, subject line or body.
  await appendLog(ctx, 'application', 'INFO', `Wysłano e-mail (${email.kind})`, log);
  return 'sent';
}
