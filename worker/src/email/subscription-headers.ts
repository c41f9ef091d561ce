import { createHash } from 'node:crypto';
import type { Config } from '@blog/api/config';
import { unsubscribeApiUrl, unsubscribePageUrl } from '@blog/api/subscriptions/unsubscribe-link';

/** The unsubscribe links of one subscription (address + category) and the headers that carry them. */
export function subscriptionLinks(
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'>,
  email: string,
  categoryId: number,
) {
  return {
    pageUrl: unsubscribePageUrl(config, email, categoryId),
    /**
     * RFC 2369 + RFC 8058: mail clients show an unsubscribe button and POST
     * `List-Unsubscribe=One-Click` to the URL. Every value in it is URL-encoded, so no CR/LF
     * from an address can reach the header.
     */
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(config, email, categoryId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A short, stable digest of an address (job ids and Message-IDs must not carry the address). */
export const addressKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/** One Message-ID per (event, recipient): a duplicate after a crash is the same message to a mailbox. */
export const deliveryMessageId = (config: Pick<Config, 'PUBLIC_URL'>, eventId: string, email: string) =>
  `<${eventId}.${addressKey(email)}@${new URL(config.PUBLIC_URL).hostname}>`;
