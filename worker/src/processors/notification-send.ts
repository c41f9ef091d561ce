import type { FanOutContext } from '../context.ts';
import { type NotificationBatchResult, processNotificationBatch } from './notification-batch.ts';

/** One recipient of one post's notification: the job the fan-out enqueued before it sent batches. */
export interface NotificationSendData {
  eventId: string;
  postId: number;
  email: string;
}

/**
 * Jobs of this kind may still sit in a queue after an upgrade; they are sent as a batch of one,
 * under the same once-only claims as every newsletter batch.
 */
export async function processNotificationSend(
  data: NotificationSendData,
  ctx: FanOutContext,
): Promise<NotificationBatchResult> {
  return processNotificationBatch({ eventId: data.eventId, postId: data.postId, emails: [data.email] }, ctx);
}
