import type { DomainEventType, EventJobData } from '@blog/api/events';
import type { FanOutContext } from './context.ts';
import { type CdnPurgeData, processCdnPurge } from './processors/cdn-purge.ts';
import { processCommentAdded } from './processors/comment-added.ts';
import { processImportRequested } from './processors/import-requested.ts';
import { type NotificationBatchData, processNotificationBatch } from './processors/notification-batch.ts';
import { type NotificationSendData, processNotificationSend } from './processors/notification-send.ts';
import { type DeliveriesPruneData, processDeliveriesPrune } from './processors/deliveries-prune.ts';
import { type OutboxPruneData, processOutboxPrune } from './processors/outbox-prune.ts';
import { processPostPublished } from './processors/post-published.ts';
import {
  processPostScheduled,
  processPublishDue,
  type PublishDueData,
} from './processors/scheduled-publishing.ts';
import { processPasswordResetRequested } from './processors/password-reset-requested.ts';
import { processSubscriptionConfirmationRequested } from './processors/subscription-confirmation-requested.ts';
import { processSubscriptionCreated } from './processors/subscription-created.ts';
import { processSystemPing } from './processors/system-ping.ts';
import { processUploadsPrune, type UploadsPruneData } from './processors/uploads-prune.ts';
import { processUserPasswordIssued } from './processors/user-password-issued.ts';

/**
 * Job name → payload, for every queue the worker consumes. Domain events arrive under their type
 * on the `events` queue; single messages on `email`; housekeeping chores on `housekeeping`; purges
 * of the cache in front on `cdn`.
 */
export type JobMap = { [T in DomainEventType]: EventJobData<T> } & {
  'notification.batch': NotificationBatchData;
  /** Enqueued by versions before batches; still consumed so an upgrade loses nothing. */
  'notification.send': NotificationSendData;
  'outbox.prune': OutboxPruneData;
  'deliveries.prune': DeliveriesPruneData;
  'uploads.prune': UploadsPruneData;
  'posts.publish-due': PublishDueData;
  'cdn.purge': CdnPurgeData;
};
export type JobName = keyof JobMap;

/** Every processor is called with the fan-out context; most need only its `WorkerContext` part. */
export type Processor<N extends JobName> = (data: JobMap[N], ctx: FanOutContext) => Promise<unknown>;

/** The one registry of processors: a missing entry is a compile error, not a run-time surprise. */
export const processors: { [N in JobName]: Processor<N> } = {
  'system.ping': processSystemPing,
  'comment.added': processCommentAdded,
  'user.password-issued': processUserPasswordIssued,
  'password-reset.requested': processPasswordResetRequested,
  'post.published': processPostPublished,
  'subscription.created': processSubscriptionCreated,
  'subscription.confirmation-requested': processSubscriptionConfirmationRequested,
  'notification.batch': processNotificationBatch,
  'notification.send': processNotificationSend,
  'outbox.prune': processOutboxPrune,
  'deliveries.prune': processDeliveriesPrune,
  'uploads.prune': processUploadsPrune,
  'post.scheduled': processPostScheduled,
  'posts.publish-due': processPublishDue,
  'import.requested': processImportRequested,
  'cdn.purge': processCdnPurge,
};

export const isJobName = (name: string): name is JobName => Object.hasOwn(processors, name);
