/**
 * Every domain event, one typed union carrying ids only: jobs re-read what they need, so an
 * event never carries stale data. Later issues add their events here; the worker's job map
 * (worker/src/jobs.ts) must then register a processor for each, or it does not compile.
 */
export type DomainEvent =
  | { type: 'system.ping'; payload: { requestedBy: string } }
  /** A reader commented on a visible post. */
  | { type: 'comment.added'; payload: { commentId: number; postId: number } };

export type DomainEventType = DomainEvent['type'];
export type EventPayload<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['payload'];

/** What an `events` queue job carries: the outbox row's id (also the job id) and the payload. */
export interface EventJobData<T extends DomainEventType = DomainEventType> {
  eventId: string;
  payload: EventPayload<T>;
}
