import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Exact comment counts per status for the admin comments list (bench/results/admin-lists.md).
 * Knowing the exact total lets a late page walk its sort's index from the nearer end (the last page
 * of 500,000 read every index entry before it) and shows the real total instead of „ponad 10 000”.
 *
 * - comment_list_counts holds deltas (status, ±n); the count of a status is the sum of its rows, so it
 *   is exact in any snapshot. Statement-level triggers on comments write them, whatever writes the
 *   comments (services, imports, a post's cascade, a hand-run UPDATE).
 * - A single counter row would make every comment write wait for the previous one's commit. Here a
 *   writer only inserts its delta; it then folds all rows into one per status if it gets the advisory
 *   lock at once (never waiting), so the table stays a few rows long.
 * - Rows come from those triggers only: a restore that copies this table while inserting comments with
 *   the triggers on (json-tables) would otherwise count each comment twice. pg_restore loads data
 *   before it creates triggers, so it copies the rows as they were.
 * - TRUNCATE comments (tests, restores) empties it.
 */
const UP = `
CREATE TABLE comment_list_counts (
  status varchar(16) NOT NULL,
  n bigint NOT NULL
);

-- Writers wait for the first count, so no comment is missed or counted twice.
LOCK TABLE comments IN SHARE MODE;
INSERT INTO comment_list_counts (status, n) SELECT status, count(*) FROM comments GROUP BY status;

CREATE FUNCTION blog_comment_counts_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One folder at a time, so a fold never waits on another's deleted rows. A REPEATABLE READ
  -- snapshot could miss a fold committed since and fail the writer: only READ COMMITTED folds.
  IF current_setting('transaction_isolation') <> 'read committed'
     OR NOT pg_try_advisory_xact_lock(hashtext('blog:comment-list-counts')) THEN
    RETURN;
  END IF;
  WITH gone AS (DELETE FROM comment_list_counts RETURNING status, n)
  INSERT INTO comment_list_counts (status, n)
    SELECT status, sum(n) FROM gone GROUP BY status HAVING sum(n) <> 0;
END $$;

CREATE FUNCTION blog_comment_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO comment_list_counts (status, n) SELECT status, count(*) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO comment_list_counts (status, n) SELECT status, -count(*) FROM old_rows GROUP BY status;
  ELSE
    INSERT INTO comment_list_counts (status, n)
      SELECT status, sum(d) FROM (SELECT status, 1 AS d FROM new_rows
                                  UNION ALL SELECT status, -1 FROM old_rows) moved
       GROUP BY status HAVING sum(d) <> 0;
  END IF;
  IF FOUND THEN PERFORM blog_comment_counts_fold(); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION blog_comment_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM comment_list_counts;
  RETURN NULL;
END $$;

-- Depth 1 is a statement writing this table itself; the comments triggers write it at depth 2.
CREATE FUNCTION blog_comment_counts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN RETURN NULL; END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER blog_comment_counts_insert AFTER INSERT ON comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_comment_counts_changed();
CREATE TRIGGER blog_comment_counts_update AFTER UPDATE ON comments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blog_comment_counts_changed();
CREATE TRIGGER blog_comment_counts_delete AFTER DELETE ON comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_comment_counts_changed();
CREATE TRIGGER blog_comment_counts_truncate AFTER TRUNCATE ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION blog_comment_counts_truncated();
CREATE TRIGGER blog_comment_counts_guard BEFORE INSERT ON comment_list_counts
  FOR EACH ROW EXECUTE FUNCTION blog_comment_counts_guard();
`;

const DOWN = `
DROP TRIGGER IF EXISTS blog_comment_counts_truncate ON comments;
DROP TRIGGER IF EXISTS blog_comment_counts_delete ON comments;
DROP TRIGGER IF EXISTS blog_comment_counts_update ON comments;
DROP TRIGGER IF EXISTS blog_comment_counts_insert ON comments;
DROP TABLE IF EXISTS comment_list_counts;
DROP FUNCTION IF EXISTS blog_comment_counts_guard();
DROP FUNCTION IF EXISTS blog_comment_counts_truncated();
DROP FUNCTION IF EXISTS blog_comment_counts_changed();
DROP FUNCTION IF EXISTS blog_comment_counts_fold();
`;

/** For migration 20261128130000, which replaces these counts in one transaction (and back). */
export const COMMENT_LIST_COUNTS_SQL = { up: UP, down: DOWN };

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
