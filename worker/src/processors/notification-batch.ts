import { postPath } from '@blog/shared/addresses';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { appendLog } from '@blog/api/logs';
import { emailsSent } from '@blog/api/metrics';
import { Post } from '@blog/api/models';
import { QueryTypes } from 'sequelize';
import type { FanOutContext } from '../context.ts';
import {
  type ClaimScope,
  claimDeliveries,
  claimedElsewhere,
  createSentRecorder,
  keepClaimsFresh,
  releaseDeliveries,
} from '../email/delivery-claims.ts';
import { publicLink } from '../email/links.ts';
import { postNotificationEmail } from '../email/messages/post-notification.ts';
import { areNotificationsEnabled } from '../email/notifications-enabled.ts';
import { safeErrorMessage, smtpCredentialForms } from '../email/safe-error.ts';
import { envelopeAddress, rawMessage } from '../email/raw-message.ts';
import { EmailSendError, normalizeRecipient, singleLine } from '../email/send-email.ts';
import { readSmtpSettings } from '../email/smtp-settings.ts';
import { pooledSmtpTransport } from '../email/smtp-transport.ts';
import { deliveryMessageId, subscriptionLinks } from '../email/subscription-headers.ts';
import { visibleCategoriesOf } from './post-recipients.ts';

/** Up to NOTIFICATION_BATCH_SIZE recipients of one post's notification (enqueued by the fan-out). */
export interface NotificationBatchData {
  eventId: string;
  postId: number;
  emails: string[];
}

export type NotificationBatchResult =
  | { status: 'done'; sent: number; alreadySent: number; unsubscribed: number; rejected: number }
  | { status: 'skipped'; reason: 'post-gone' | 'post-hidden' | 'notifications-off' };

/** Recipients per job: few enough to finish in seconds, many enough that queue overhead vanishes. */
export const NOTIFICATION_BATCH_SIZE = 500;
/** Recipients claimed (and so exposed to a crash) at a time within a batch. */
const CLAIM_CHUNK = 100;
const DEFAULT_LEASE_MS = 30_000;
const KIND = 'post-notification';
const EXCERPT_LENGTH = 300;

function excerptOf(post: Post): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  const text = post.contentText.trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/** The recipients that still follow one of the categories, each with the one its unsubscribe link names. */
async function stillSubscribed(ctx: FanOutContext, recipients: string[], categoryIds: number[]) {
  const rows = await ctx.sequelize.query<{ key: string; email: string; categoryId: number }>(
    `SELECT DISTINCT ON (lower(email)) lower(email) AS key, email, category_id AS "categoryId"
       FROM user_subscriptions
      WHERE active AND category_id = ANY($1::int[]) AND lower(email) = ANY($2::varchar[])
      ORDER BY lower(email), category_id`,
    { bind: [categoryIds, recipients.map((r) => r.toLowerCase())], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.key, row]));
}

/** 5xx is the server's final word on an address; anything else (4xx, a dropped connection) may pass later. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Sends one post's notification to a batch of recipients, each exactly once: recipients are claimed
 * in bulk in email_deliveries (chunks of CLAIM_CHUNK) before anything is sent, sent over the
 * process's pooled SMTP connections, and recorded `sent` as the server acknowledges them. A 4xx
 * refusal releases the claim and fails the job, so BullMQ retries (with backoff) only those; what
 * another run still holds is waited for until that run finishes or its lease runs out.
 */
export async function processNotificationBatch(
  data: NotificationBatchData,
  ctx: FanOutContext,
): Promise<NotificationBatchResult> {
  if (!(await areNotificationsEnabled())) return { status: 'skipped', reason: 'notifications-off' };
  const post = await Post.findByPk(data.postId, {
    attributes: ['id', 'title', 'slug', 'excerpt', 'contentText', 'published'],
  });
  if (!post) return { status: 'skipped', reason: 'post-gone' };
  if (!post.published) return { status: 'skipped', reason: 'post-hidden' };
  const categories = await visibleCategoriesOf(ctx.sequelize, post.id);
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]));

  const recipients = [
    ...new Set(
      data.emails.flatMap((email) => {
        try {
          return [normalizeRecipient(email)];
        } catch {
          return []; // not one bare address: nothing to send, and retrying cannot fix it
        }
      }),
    ),
  ];
  const subscriptions = await stillSubscribed(
    ctx,
    recipients,
    categories.map((category) => category.id),
  );
  const wanted = recipients.filter((recipient) => subscriptions.has(recipient.toLowerCase()));

  const settings = await readSmtpSettings(ctx.config);
  const secrets = smtpCredentialForms(settings.user, settings.password);
  const transport = pooledSmtpTransport(settings, ctx.config.SMTP_TIMEOUT_MS);
  const from = singleLine(settings.sender);
  const envelope = envelopeAddress(from);
  const leaseMs = ctx.claimLeaseMs ?? DEFAULT_LEASE_MS;
  const scope: ClaimScope = { eventId: data.eventId, kind: KIND, token: randomUUID(), leaseMs };
  const recorder = createSentRecorder(ctx.sequelize, scope);
  const common = {
    title: post.title,
    excerpt: excerptOf(post),
    postUrl: publicLink(ctx.config, postPath(post.slug)),
  };

  let sent = 0;
  let claimedTotal = 0;
  const temporary = new Map<string, string[]>();
  const permanent = new Map<string, string[]>();
  const send = async (recipient: string) => {
    const subscription = subscriptions.get(recipient.toLowerCase())!;
    const links = subscriptionLinks(ctx.config, subscription.email, subscription.categoryId);
    const message = postNotificationEmail({
      ...common,
      categoryName: categoryNames.get(subscription.categoryId) ?? '',
      unsubscribeUrl: links.pageUrl,
    });
    try {
      await transport.sendMail({
        envelope: { from: envelope, to: [recipient] },
        raw: rawMessage({
          from,
          to: recipient,
          subject: singleLine(message.subject),
          text: message.text,
          html: message.html,
          messageId: singleLine(deliveryMessageId(ctx.config, data.eventId, recipient)),
          headers: Object.fromEntries(
            Object.entries(links.headers).map(([name, value]) => [name, singleLine(value)]),
          ),
          date: ctx.clock.now(),
        }),
      });
      recorder.add(recipient);
      sent += 1;
    } catch (err) {
      const reason = safeErrorMessage(err, secrets);
      const bucket = isPermanent(err) ? permanent : temporary;
      bucket.set(reason, [...(bucket.get(reason) ?? []), recipient]);
    }
  };

  // Round one takes everything claimable; later rounds only what another run held (until it
  // finishes or its lease runs out), bounded so a stuck holder fails the job instead of hanging it.
  const deadline = Date.now() + 2 * leaseMs + 10_000;
  /** Claims and sends what it can of `todo`; returns what another run still holds. */
  const round = async (todo: string[]) => {
    for (let start = 0; start < todo.length; start += CLAIM_CHUNK) {
      const claimed = await claimDeliveries(ctx.sequelize, scope, todo.slice(start, start + CLAIM_CHUNK));
      claimedTotal += claimed.length;
      await Promise.all(claimed.map(send));
    }
    await recorder.flush();
    return claimedElsewhere(ctx.sequelize, scope, wanted);
  };
  const stopRenewing = keepClaimsFresh(ctx.sequelize, scope);
  let heldElsewhere: string[];
  try {
    heldElsewhere = await round(wanted);
    while (heldElsewhere.length > 0 && Date.now() <= deadline) {
      await sleep(Math.min(1000, leaseMs / 4));
      heldElsewhere = await round(heldElsewhere);
    }
  } finally {
    stopRenewing();
  }
  for (const [reason, list] of temporary)
    await releaseDeliveries(ctx.sequelize, scope, list, 'failed', reason);
  for (const [reason, list] of permanent)
    await releaseDeliveries(ctx.sequelize, scope, list, 'rejected', reason);

  const failed = [...temporary.values()].reduce((sum, list) => sum + list.length, 0);
  const rejected = [...permanent.values()].reduce((sum, list) => sum + list.length, 0);
  const log = { eventId: data.eventId, postId: post.id, sent, failed, rejected };
  if (sent > 0) {
    emailsSent.inc({ outcome: 'sent' }, sent);
    ctx.logger.info(log, 'notification batch sent');
    await appendLog(ctx, 'application', 'INFO', `Wysłano ${sent} e-maili (${KIND})`, log);
  }
  if (failed + rejected > 0) {
    emailsSent.inc({ outcome: 'failed' }, failed + rejected);
    const [firstReason] = [...temporary.keys(), ...permanent.keys()];
    ctx.logger.warn({ ...log, err: firstReason }, 'notification batch: some messages refused');
    await appendLog(
      ctx,
      'error',
      'WARN',
      `Wysyłka e-mail nieudana (${KIND}): ${failed + rejected} z ${claimedTotal} wiadomości (${firstReason})`,
      log,
    );
  }
  if (failed > 0 || heldElsewhere.length > 0)
    throw new EmailSendError(
      `${failed + heldElsewhere.length} z ${wanted.length} wiadomości czeka na ponowienie (${KIND})`,
    );
  return {
    status: 'done',
    sent,
    alreadySent: wanted.length - claimedTotal,
    unsubscribed: recipients.length - wanted.length,
    rejected,
  };
}
