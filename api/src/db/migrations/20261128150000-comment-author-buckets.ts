import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Exact comment counts per stretch of the author sort, for the admin comments list
 * (bench/results/admin-lists.md). The sort is lower(author), then id; a page walked
 * with an OFFSET read every index entry before it (250,000 for the middle page of 500,000, even from
 * the nearer end). A page now sums the stretches in order to find the one its offset falls in, then
 * walks the index from that stretch's first entry: ~2,000 entries at most.
 *
 * - A bucket starts at a place of the sort, (lower(author), id), and holds every comment from there to
 *   the next bucket's start. Its edges are compared by the database's own collation, like the index
 *   and ORDER BY are: nothing assumes that names sort by their prefix (ICU and glibc collations may
 *   weigh spaces, punctuation, case and Polish letters otherwise). The id splits a long run of one
 *   name, so one author with 100,000 comments spans many buckets.
 * - The first bucket starts before every comment (an empty name, the least id). A bucket that grows
 *   past twice blog_comment_author_bucket_rows() comments is cut into buckets of that many by the
 *   writer that finds it so; deletes only shrink buckets (an empty one costs a row, never a walk).
 * - comment_author_counts holds deltas (status, bucket, ±n) written by statement-level triggers on
 *   comments, whatever writes them; the sums are exact in any snapshot. A writer that gets the
 *   advisory lock at once folds its buckets' rows into one each (the scheme of comment_list_counts).
 * - Cutting moves comments between buckets: every writer counts holding an advisory lock in shared
 *   mode, a cut takes it exclusively and only if it can at once (never waiting). Holding it, no
 *   transaction that counted with the old buckets is still open, and every writer after the cut counts
 *   with the new ones (a READ COMMITTED statement's snapshot is taken after the lock). A writer whose
 *   snapshot is older (REPEATABLE READ or SERIALIZABLE) locks the rows of the buckets it counted in:
 *   a cut since then updated that row, so the writer fails with a serialization error (40001) rather
 *   than count in the wrong bucket. Such writers neither fold nor cut.
 * - The json-tables restore copies these tables while the triggers count the comments it inserts:
 *   direct inserts of counts are dropped (as for comment_list_counts), direct inserts of buckets are
 *   kept only while comments is empty (the restore copies the buckets first, so the comments are
 *   counted in the same buckets as in the backup). TRUNCATE comments starts over from one bucket.
 */
/** The statement triggers counting on comments, and the rows each one is handed. */
const WRITES = [
  ['INSERT', 'NEW TABLE AS new_rows'],
  ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['DELETE', 'OLD TABLE AS old_rows'],
] as const;

const UP = `
-- Writers wait for the first count, so no comment is missed or counted twice.
LOCK TABLE comments IN SHARE MODE;

CREATE TABLE comment_author_buckets (
  id serial PRIMARY KEY,
  start_key text NOT NULL,
  start_id integer NOT NULL,
  cuts integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX comment_author_buckets_start ON comment_author_buckets (start_key, start_id);
CREATE TABLE comment_author_counts (
  status varchar(16) NOT NULL,
  bucket integer NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX comment_author_counts_bucket ON comment_author_counts (bucket);

-- Comments per bucket once cut; a bucket is cut past twice as many. Tests make it small.
CREATE FUNCTION blog_comment_author_bucket_rows() RETURNS integer LANGUAGE sql STABLE RETURN 1000;

-- The bucket holding a comment's place in the sort: the last one starting at or before it.
CREATE FUNCTION blog_comment_author_bucket(author_key text, comment_id integer) RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN (SELECT b.id FROM comment_author_buckets b
           WHERE (b.start_key, b.start_id) <= (author_key, comment_id)
           ORDER BY b.start_key DESC, b.start_id DESC LIMIT 1);

CREATE FUNCTION blog_comment_authors_fold(buckets integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One folder at a time, so a fold never waits on another's deleted rows; READ COMMITTED only (a
  -- REPEATABLE READ snapshot could miss a fold committed since and fail the writer).
  IF current_setting('transaction_isolation') <> 'read committed'
     OR NOT pg_try_advisory_xact_lock(hashtext('blog:comment-author-counts')) THEN
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM comment_author_counts WHERE bucket = ANY (buckets) RETURNING status, bucket, n
  )
  INSERT INTO comment_author_counts (status, bucket, n)
    SELECT status, bucket, sum(n) FROM gone GROUP BY status, bucket HAVING sum(n) <> 0;
END $$;

-- Cuts a bucket into buckets of blog_comment_author_bucket_rows() comments and counts them anew. The
-- caller holds the buckets' lock exclusively: every writer that counted in this bucket has committed,
-- so its sum is the number of comments this snapshot sees from its start, and no other writer folds.
CREATE FUNCTION blog_comment_authors_cut(bucket integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  per_bucket integer := blog_comment_author_bucket_rows();
  head comment_author_buckets;
  total bigint;
  cut integer;
BEGIN
  SELECT * INTO head FROM comment_author_buckets WHERE id = bucket;
  SELECT coalesce(sum(n), 0) INTO total FROM comment_author_counts k WHERE k.bucket = head.id;
  INSERT INTO comment_author_buckets (start_key, start_id)
    SELECT key, id FROM (
      SELECT key, id, row_number() OVER (ORDER BY key, id) AS place
        FROM (SELECT lower(c.author) AS key, c.id FROM comments c
               WHERE (lower(c.author), c.id) >= (head.start_key, head.start_id)
               ORDER BY lower(c.author), c.id LIMIT total) walked) placed
     WHERE place > 1 AND (place - 1) % per_bucket = 0;
  GET DIAGNOSTICS cut = ROW_COUNT;
  DELETE FROM comment_author_counts k WHERE k.bucket = head.id;
  INSERT INTO comment_author_counts (status, bucket, n)
    SELECT status, blog_comment_author_bucket(key, id), count(*)
      FROM (SELECT lower(c.author) AS key, c.id, c.status FROM comments c
             WHERE (lower(c.author), c.id) >= (head.start_key, head.start_id)
             ORDER BY lower(c.author), c.id LIMIT total) walked
     GROUP BY 1, 2;
  -- A writer whose snapshot predates this cut fails on this row instead of counting here.
  IF cut > 0 THEN
    UPDATE comment_author_buckets SET cuts = cuts + 1 WHERE id = head.id;
  END IF;
END $$;

CREATE FUNCTION blog_comment_authors_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  oversized integer[];
  bucket integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('blog:comment-author-buckets'));
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (
      INSERT INTO comment_author_counts (status, bucket, n)
        SELECT status, blog_comment_author_bucket(lower(author), id), count(*) FROM new_rows GROUP BY 1, 2
      RETURNING comment_author_counts.bucket
    ) SELECT array_agg(DISTINCT d.bucket) INTO touched FROM delta d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (
      INSERT INTO comment_author_counts (status, bucket, n)
        SELECT status, blog_comment_author_bucket(lower(author), id), -count(*) FROM old_rows GROUP BY 1, 2
      RETURNING comment_author_counts.bucket
    ) SELECT array_agg(DISTINCT d.bucket) INTO touched FROM delta d;
  ELSE
    WITH delta AS (
      INSERT INTO comment_author_counts (status, bucket, n)
        SELECT status, blog_comment_author_bucket(key, id), sum(d)
          FROM (SELECT status, lower(author) AS key, id, 1 AS d FROM new_rows
                UNION ALL SELECT status, lower(author), id, -1 FROM old_rows) moved
         GROUP BY 1, 2 HAVING sum(d) <> 0
      RETURNING comment_author_counts.bucket
    ) SELECT array_agg(DISTINCT d.bucket) INTO touched FROM delta d;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    PERFORM 1 FROM comment_author_buckets b WHERE b.id = ANY (touched) FOR SHARE;
    RETURN NULL;
  END IF;
  PERFORM blog_comment_authors_fold(touched);
  SELECT array_agg(k.bucket) INTO oversized
    FROM (SELECT c.bucket FROM comment_author_counts c WHERE c.bucket = ANY (touched)
           GROUP BY c.bucket HAVING sum(c.n) > 2 * blog_comment_author_bucket_rows()) k;
  -- Exclusive while this writer holds it shared: granted at once when no other writer holds it.
  IF oversized IS NOT NULL
     AND pg_try_advisory_xact_lock(hashtext('blog:comment-author-buckets')) THEN
    FOREACH bucket IN ARRAY oversized LOOP
      PERFORM blog_comment_authors_cut(bucket);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION blog_comment_authors_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM comment_author_counts;
  DELETE FROM comment_author_buckets;
  INSERT INTO comment_author_buckets (start_key, start_id) VALUES ('', -2147483648);
  RETURN NULL;
END $$;

-- The comments already there: one first bucket holding them all, cut like any other.
INSERT INTO comment_author_buckets (start_key, start_id) VALUES ('', -2147483648);
INSERT INTO comment_author_counts (status, bucket, n)
  SELECT status, (SELECT id FROM comment_author_buckets), count(*) FROM comments GROUP BY status;
SELECT blog_comment_authors_cut(id) FROM comment_author_buckets;

${WRITES.map(
  ([event, tables]) => `CREATE TRIGGER blog_comment_authors_${event.toLowerCase()} AFTER ${event} ON comments
  REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION blog_comment_authors_changed();`,
).join('\n')}
CREATE TRIGGER blog_comment_authors_truncate AFTER TRUNCATE ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION blog_comment_authors_truncated();
-- Depth 1 is a statement writing these tables itself; the comments triggers write them at depth 2.
-- A count written directly is dropped (functions of their own: migration 20261128130000's way back
-- drops comment_list_counts' guard).
CREATE FUNCTION blog_comment_author_counts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN RETURN NULL; END IF;
  RETURN NEW;
END $$;
-- A bucket written directly is kept only while there is no comment, so no count depends on it: the
-- json-tables restore copies the buckets before the comments, which are then counted in them. The
-- first bucket TRUNCATE left gives way to the copy's.
CREATE FUNCTION blog_comment_author_buckets_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() >= 2 THEN RETURN NEW; END IF;
  IF EXISTS (SELECT 1 FROM comments) THEN RETURN NULL; END IF;
  DELETE FROM comment_author_buckets WHERE start_key = NEW.start_key AND start_id = NEW.start_id;
  RETURN NEW;
END $$;
${['buckets', 'counts']
  .map(
    (table) => `CREATE TRIGGER blog_comment_author_${table}_guard BEFORE INSERT ON comment_author_${table}
  FOR EACH ROW EXECUTE FUNCTION blog_comment_author_${table}_guard();`,
  )
  .join('\n')}
`;

const DOWN = `
DROP TRIGGER IF EXISTS blog_comment_authors_truncate ON comments;
${WRITES.map(([event]) => `DROP TRIGGER IF EXISTS blog_comment_authors_${event.toLowerCase()} ON comments;`).join('\n')}
DROP FUNCTION IF EXISTS blog_comment_authors_truncated();
DROP FUNCTION IF EXISTS blog_comment_authors_changed();
DROP FUNCTION IF EXISTS blog_comment_authors_cut(integer);
DROP FUNCTION IF EXISTS blog_comment_authors_fold(integer[]);
DROP FUNCTION IF EXISTS blog_comment_author_bucket(text, integer);
DROP FUNCTION IF EXISTS blog_comment_author_bucket_rows();
-- After blog_comment_author_bucket, whose SQL body depends on them; their guards go with them.
DROP TABLE IF EXISTS comment_author_counts;
DROP TABLE IF EXISTS comment_author_buckets;
DROP FUNCTION IF EXISTS blog_comment_author_counts_guard();
DROP FUNCTION IF EXISTS blog_comment_author_buckets_guard();
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(UP);
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
