import { QueryTypes } from 'sequelize';
import type { Deps } from '../../deps.ts';
import { validationFailed } from '../../errors.ts';
import { createEventRecorder } from '../../events/outbox.ts';
import { lockPublicationDecisions, recordFirstPublications } from './post-publication.ts';
import { recordRevision } from './post-revisions.service.ts';

export const SCHEDULE_IN_PAST = 'Termin publikacji musi być w przyszłości.';
const BAD_SCHEDULE = 'Nieprawidłowa data publikacji';

/** `scheduledAt` of a save: absent (keep), null (remove the plan) or the planned moment. */
export type ScheduleChange = undefined | null | Date;

/** Reads the editor's „Zaplanuj publikację”; a moment not in the future is refused with a clear message. */
export function parseSchedule(raw: string | null | undefined, now: Date): ScheduleChange {
  if (raw === undefined) return undefined;
  if (raw === null || raw.trim() === '') return null;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw validationFailed(BAD_SCHEDULE, 'scheduledAt');
  if (at.getTime() <= now.getTime()) throw validationFailed(SCHEDULE_IN_PAST, 'scheduledAt');
  return at;
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
