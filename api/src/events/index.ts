// The event types other workspaces use (package export `@blog/api/events`).
export type { DomainEvent, DomainEventType, EventJobData, EventPayload } from './events.ts';
