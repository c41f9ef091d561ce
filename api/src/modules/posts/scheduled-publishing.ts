import { POST_MESSAGES, readInstant, type InstantProblem } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../../deps.ts';
import { validationFailed } from '../../errors.ts';
import { createEventRecorder } from '../../events/outbox.ts';
import { lockPublicationDecisions, recordFirstPublications } from './post-publication.ts';
import { recordRevision } from './post-revisions.service.ts';

export const SCHEDULE_IN_PAST = 'Termin publikacji musi być w przyszłości.';
const SCHEDULE_REFUSED: Record<InstantProblem, string> = {
  format: POST_MESSAGES.schedule,
  calendar: POST_MESSAGES.scheduleCalendar,
  range: POST_MESSAGES.scheduleRange,
};

/** `scheduledAt` of a save: absent (keep), null (remove the plan) or the planned moment. */
export type ScheduleChange = undefined | null | Date;

/**
 * Reads the editor's „Zaplanuj publikację” by the shared rule of a moment (@blog/shared/rules,
 * instant.ts: a real calendar day, years 1900..9999 in UTC), so nothing is stored that the presenters
 * cannot write back; a moment not in the future is refused too, each with a clear message.
 */
export function parseSchedule(raw: string | null | undefined, now: Date): ScheduleChange {
  if (raw === undefined) return undefined;
  if (raw === null || raw.trim() === '') return null;
  const reading = readInstant(raw.trim());
  if (!reading.ok) throw validationFailed(SCHEDULE_REFUSED[reading.problem], 'scheduledAt');
  if (reading.date.getTime() <= now.getTime()) throw validationFailed(SCHEDULE_IN_PAST, 'scheduledAt');
  return reading.date;
}

/**
 * Publishes every post whose planned moment has come, in one transaction that also records their
 * `post.published` (once per post, as any publication) and a revision. Readers' caches learn it from the
 * database: the UPDATE flips `published`, so the posts trigger notifies every API process at commit
 * (db/migrations/0005-public-content-notify.ts), whichever process or worker ran it.
 * The conditional UPDATE (`scheduled_at <= now`, cleared by the same statement) row-locks each post,
 * so when several workers sweep at once each post is published by exactly one of them.
 */
export async function publishDuePosts(
  deps: Pick<Deps, 'sequelize' | 'clock' | 'redis' | 'config'>,
): Promise<number[]> {
  // The API processes' relays poll the outbox, so the events recorded here reach the queue too.
  const events = createEventRecorder(() => undefined);
  const published = await deps.sequelize.transaction(async (transaction) => {
    await lockPublicationDecisions(deps, transaction);
    const rows = await deps.sequelize.query<{ id: number }>(
      `UPDATE posts SET published = true, scheduled_at = NULL, version = version + 1, updated_at = now()
        WHERE scheduled_at IS NOT NULL AND scheduled_at <= :now
        RETURNING id`,
      { type: QueryTypes.SELECT, replacements: { now: deps.clock.now() }, transaction },
    );
    for (const { id } of rows) {
      await recordFirstPublications({ ...deps, events }, transaction, { postId: id });
      await recordRevision({ sequelize: deps.sequelize, transaction }, id, null);
    }
    return rows.map((row) => row.id);
  });
  return published;
}
