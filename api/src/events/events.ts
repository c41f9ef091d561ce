/**
 * Every domain event, one typed union carrying ids only: jobs re-read what they need, so an
 * event never carries stale data. Later issues add their events here; the worker's job map
 * (worker/src/jobs.ts) must then register a processor for each, or it does not compile.
 */
export type DomainEvent =
  | { type: 'system.ping'; payload: { requestedBy: string } }
  /** A reader commented on a visible post. */
  | { type: 'comment.added'; payload: { commentId: number; postId: number } }
  /**
   * An account needs a new password sent by e-mail: a new user (`created`) or an admin's reset
   * (`reset`). The API has already made the old password unusable; the worker makes a temporary
   * one, stores its hash and e-mails it.
   */
  | { type: 'user.password-issued'; payload: { userId: number; reason: 'created' | 'reset' } }
  /** Someone asked for a self-service reset link for an active account with this e-mail. */
  | { type: 'password-reset.requested'; payload: { userId: number } }
  /**
   * A post became visible to readers for the first time (created published in a visible category,
   * switched to published, or given its first visible category while published). Once per post.
   */
  | { type: 'post.published'; payload: { postId: number } }
  /**
   * A post was given a publication moment: the worker sets a delayed job for it (the periodic sweep
   * and the sweep at start catch it too, should the job be lost).
   */
  | { type: 'post.scheduled'; payload: { postId: number; at: string } }
  /** An address subscribed to a category (new or re-activated): the confirmation e-mail. */
  | { type: 'subscription.created'; payload: { subscriptionId: number } }
  /** Double opt-in is on and an address asked to subscribe: the e-mail with the confirmation link. */
  | { type: 'subscription.confirmation-requested'; payload: { subscriptionId: number } }
  /** An admin uploaded an export in the panel: the worker imports the staged file of that job. */
  | { type: 'import.requested'; payload: { importJobId: number } };

export type DomainEventType = DomainEvent['type'];
export type EventPayload<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['payload'];

/** What an `events` queue job carries: the outbox row's id (also the job id) and the payload. */
export interface EventJobData<T extends DomainEventType = DomainEventType> {
  eventId: string;
  payload: EventPayload<T>;
}
