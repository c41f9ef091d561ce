import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import type { EmailKind } from './send-email.ts';

/**
 * The newsletter's delivery state machine in email_deliveries, all in bulk:
 *
 *   (none) | pending | failed | claimed past its lease  --claim-->  claimed (by one run)
 *   claimed --250-->  sent          claimed --4xx / connection lost-->  failed (tried again later)
 *   claimed --5xx-->  rejected (for good)
 *
 * A run claims before it sends, so two runs (a retried job beside a slow original, two batches that
 * overlap) never both send to one address; a claim that outlives its lease belongs to a dead run.
 */
export interface ClaimScope {
  eventId: string;
  kind: EmailKind;
  /** The sending run: a fresh id per job attempt. */
  token: string;
  /** How long a claim is honoured without being resolved (the worker's job lock duration). */
  leaseMs: number;
}

/** Claims the given recipients that nobody has sent to nor holds; returns the ones now ours. */
export async function claimDeliveries(
  sequelize: Sequelize,
  scope: ClaimScope,
  recipients: readonly string[],
): Promise<string[]> {
  if (recipients.length === 0) return [];
  const rows = await sequelize.query<{ recipient: string }>(
    `INSERT INTO email_deliveries AS d
            (event_id, recipient, kind, status, claimed_by, claimed_at, created_at, updated_at)
     SELECT $1, r, $3, 'claimed', $4, now(), now(), now() FROM unnest($2::varchar[]) AS r
     ON CONFLICT (event_id, recipient) DO UPDATE
        SET status = 'claimed', claimed_by = EXCLUDED.claimed_by, claimed_at = now(), updated_at = now()
      WHERE d.status IN ('pending', 'failed')
         OR (d.status = 'claimed' AND d.claimed_at < now() - make_interval(secs => $5))
     RETURNING recipient`,
    {
      bind: [scope.eventId, [...new Set(recipients)], scope.kind, scope.token, scope.leaseMs / 1000],
      type: QueryTypes.SELECT,
    },
  );
  return rows.map((row) => row.recipient);
}

/**
 * Keeps this run's open claims fresh while their sends are in flight (a slow or stalled SMTP
 * server), so no other run mistakes them for a dead run's and sends them too.
 */
export function keepClaimsFresh(sequelize: Sequelize, scope: ClaimScope): () => void {
  const timer = setInterval(
    () => {
      void sequelize
        .query(
          `UPDATE email_deliveries SET claimed_at = now()
          WHERE event_id = $1 AND claimed_by = $2 AND status = 'claimed'`,
          { bind: [scope.eventId, scope.token] },
        )
        .catch(() => undefined); // the next tick tries again; a lapsed lease only means a wait elsewhere
    },
    Math.max(250, scope.leaseMs / 4),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Records accepted messages (one UPDATE for any number of them). */
export async function markDeliveriesSent(
  sequelize: Sequelize,
  scope: ClaimScope,
  recipients: readonly string[],
): Promise<void> {
  if (recipients.length === 0) return;
  await sequelize.query(
    `UPDATE email_deliveries
        SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL,
            claimed_by = NULL, claimed_at = NULL, updated_at = now()
      WHERE event_id = $1 AND recipient = ANY($2::varchar[])`,
    { bind: [scope.eventId, recipients] },
  );
}

/** Gives claims back after a refusal: `failed` is claimed again by a later attempt, `rejected` never. */
export async function releaseDeliveries(
  sequelize: Sequelize,
  scope: ClaimScope,
  recipients: readonly string[],
  status: 'failed' | 'rejected',
  error: string,
): Promise<void> {
  if (recipients.length === 0) return;
  await sequelize.query(
    `UPDATE email_deliveries
        SET status = $3, attempts = attempts + 1, last_error = $4,
            claimed_by = NULL, claimed_at = NULL, updated_at = now()
      WHERE event_id = $1 AND recipient = ANY($2::varchar[]) AND status = 'claimed' AND claimed_by = $5`,
    { bind: [scope.eventId, recipients, status, error, scope.token] },
  );
}

/** Which of the recipients another run still holds (neither sent nor released yet). */
export async function claimedElsewhere(
  sequelize: Sequelize,
  scope: ClaimScope,
  recipients: readonly string[],
): Promise<string[]> {
  if (recipients.length === 0) return [];
  const rows = await sequelize.query<{ recipient: string }>(
    `SELECT recipient FROM email_deliveries
      WHERE event_id = $1 AND recipient = ANY($2::varchar[]) AND status = 'claimed' AND claimed_by <> $3`,
    { bind: [scope.eventId, recipients, scope.token], type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.recipient);
}

/**
 * Records sends as they are acknowledged, in bulk but without waiting: one UPDATE in flight at a
 * time, carrying every acknowledgement that arrived meanwhile (a group commit). Under load it is a
 * few UPDATEs per second; at a crash, at most the acknowledgements of one round trip are unrecorded.
 */
export function createSentRecorder(sequelize: Sequelize, scope: ClaimScope) {
  let waiting: string[] = [];
  let inFlight: Promise<void> | null = null;
  let failure: unknown = null;
  const pump = (): Promise<void> => {
    if (inFlight) return inFlight;
    if (waiting.length === 0) return Promise.resolve();
    const batch = waiting;
    waiting = [];
    inFlight = markDeliveriesSent(sequelize, scope, batch)
      .catch((err: unknown) => {
        // Kept for the next flush: the rows stay claimed (and are retried) if it never succeeds.
        waiting.push(...batch);
        failure = err;
      })
      .finally(() => {
        inFlight = null;
        if (waiting.length > 0 && !failure) void pump();
      });
    return inFlight;
  };
  return {
    add(recipient: string) {
      waiting.push(recipient);
      void pump();
    },
    /** Waits until every acknowledgement so far is recorded; throws if the database refused. */
    async flush(): Promise<void> {
      while (inFlight || waiting.length > 0) {
        failure = null;
        await pump();
        if (failure) throw failure;
      }
    },
  };
}
