import type { MigrationFn } from 'umzug';
import { COMMENT_LIST_COUNTS_SQL } from './20261128120000-comment-list-counts.ts';
import type { MigrationContext } from './index.ts';

/*
 * The comment counts of migration 20261128120000, per status AND per week of created_at
 * (bench/results/admin-lists.md). A page of the date-sorted list sums the weeks in its sort order to
 * find the week its offset falls in, then walks the index from that week's edge: a few thousand
 * entries at most instead of up to half the table (the middle page of 500,000 walked 250,000).
 *
 * - A week is the UTC week (Monday 00:00 UTC) of created_at: comments with the same created_at share
 *   one, so the list's ties (created_at, then id) never straddle two. At ~2,000 comments a week
 *   (500,000 over five years) the table holds a few hundred rows per status.
 * - Same scheme as before: statement-level triggers insert deltas (status, week, ±n), an UPDATE that
 *   moves a comment to another status or week included; the sums are exact in any snapshot. A writer
 *   that gets the advisory lock at once (READ COMMITTED only) folds the rows of the weeks it wrote
 *   into one each; otherwise it leaves its deltas for the next writer of that week (a week no one
 *   writes again keeps a few extra rows, its sum as exact). No writer ever waits.
 * - Direct inserts are dropped (the json-tables restore copies this table while the triggers count
 *   the comments it inserts); TRUNCATE comments empties it.
 */
const UP = `
-- Writers wait for the first count, so no comment is missed or counted twice.
LOCK TABLE comments IN SHARE MODE;
-- Its guard trigger goes with it; the triggers on comments, the guard and TRUNCATE functions stay.
DROP TABLE comment_list_counts;
CREATE TABLE comment_list_counts (
  status varchar(16) NOT NULL,
  week timestamptz NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX comment_list_counts_status_week ON comment_list_counts (status, week);

-- Monday 00:00 UTC of the week holding the instant, whatever the session's time zone.
CREATE FUNCTION blog_comment_week(created_at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN date_trunc('week', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';

INSERT INTO comment_list_counts (status, week, n)
  SELECT status, blog_comment_week(created_at), count(*) FROM comments GROUP BY 1, 2;

-- The fold now takes the (status, week) pairs its writer touched: an index probe each, not a scan.
DROP FUNCTION blog_comment_counts_fold();
CREATE FUNCTION blog_comment_counts_fold(statuses varchar[], weeks timestamptz[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  -- One folder at a time, so a fold never waits on another's deleted rows. A REPEATABLE READ
  -- snapshot could miss a fold committed since and fail the writer: only READ COMMITTED folds.
  IF current_setting('transaction_isolation') <> 'read committed'
     OR NOT pg_try_advisory_xact_lock(hashtext('blog:comment-list-counts')) THEN
    RETURN;
  END IF;
  -- This writer's weeks, with any deltas other writers left there without folding.
  WITH touched AS (
    SELECT DISTINCT status, week FROM unnest(statuses, weeks) AS t(status, week)
  ), gone AS (
    DELETE FROM comment_list_counts k USING touched t
     WHERE k.status = t.status AND k.week = t.week
    RETURNING k.status, k.week, k.n
  )
  INSERT INTO comment_list_counts (status, week, n)
    SELECT status, week, sum(n) FROM gone GROUP BY status, week HAVING sum(n) <> 0;
END $$;

CREATE OR REPLACE FUNCTION blog_comment_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  statuses varchar[];
  weeks timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (
      INSERT INTO comment_list_counts (status, week, n)
        SELECT status, blog_comment_week(created_at), count(*) FROM new_rows GROUP BY 1, 2
      RETURNING status, week
    ) SELECT array_agg(status), array_agg(week) INTO statuses, weeks FROM delta;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (
      INSERT INTO comment_list_counts (status, week, n)
        SELECT status, blog_comment_week(created_at), -count(*) FROM old_rows GROUP BY 1, 2
      RETURNING status, week
    ) SELECT array_agg(status), array_agg(week) INTO statuses, weeks FROM delta;
  ELSE
    WITH delta AS (
      INSERT INTO comment_list_counts (status, week, n)
        SELECT status, blog_comment_week(created_at), sum(d)
          FROM (SELECT status, created_at, 1 AS d FROM new_rows
                UNION ALL SELECT status, created_at, -1 FROM old_rows) moved
         GROUP BY 1, 2 HAVING sum(d) <> 0
      RETURNING status, week
    ) SELECT array_agg(status), array_agg(week) INTO statuses, weeks FROM delta;
  END IF;
  IF statuses IS NOT NULL THEN PERFORM blog_comment_counts_fold(statuses, weeks); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER blog_comment_counts_guard BEFORE INSERT ON comment_list_counts
  FOR EACH ROW EXECUTE FUNCTION blog_comment_counts_guard();
`;

// One query string, one transaction (the first count included); the way back drops everything and
// rebuilds the per-status counts of 20261128120000 from the comments.
export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(
    `${COMMENT_LIST_COUNTS_SQL.down}
     DROP FUNCTION IF EXISTS blog_comment_counts_fold(varchar[], timestamptz[]);
     DROP FUNCTION IF EXISTS blog_comment_week(timestamptz);
     ${COMMENT_LIST_COUNTS_SQL.up}`,
  );
};
