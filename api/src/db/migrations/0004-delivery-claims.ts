import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Newsletter deliveries as a state machine: a sender claims its recipients in bulk before sending
 * (`claimed`, with who and when), then records them `sent`; a refused message is released as
 * `failed` (tried again later) or, for a permanent 5xx refusal, `rejected`. A claim older than the
 * sender's lease belongs to a sender that died and may be taken over.
 */
const UP = `
ALTER TABLE email_deliveries DROP CONSTRAINT email_deliveries_status_check;
ALTER TABLE email_deliveries ADD CONSTRAINT email_deliveries_status_check
  CHECK (status IN ('pending', 'claimed', 'sent', 'failed', 'rejected'));
ALTER TABLE email_deliveries ADD COLUMN claimed_by uuid, ADD COLUMN claimed_at timestamptz;
`;

const DOWN = `
UPDATE email_deliveries SET status = 'failed' WHERE status IN ('claimed', 'rejected');
ALTER TABLE email_deliveries DROP COLUMN IF EXISTS claimed_by, DROP COLUMN IF EXISTS claimed_at;
ALTER TABLE email_deliveries DROP CONSTRAINT email_deliveries_status_check;
ALTER TABLE email_deliveries ADD CONSTRAINT email_deliveries_status_check
  CHECK (status IN ('pending', 'sent', 'failed'));
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
