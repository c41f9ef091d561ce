import type { EventJobData } from '@blog/api/events';
import type { WorkerContext } from '../context.ts';

/** A no-op event proving the outbox → queue → worker path end to end. */
export async function processSystemPing(data: EventJobData<'system.ping'>, ctx: WorkerContext) {
  ctx.logger.info({ eventId: data.eventId, requestedBy: data.payload.requestedBy }, 'system.ping handled');
  return { eventId: data.eventId, handledAt: new Date().toISOString() };
}
