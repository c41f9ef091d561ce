// The date-sorted admin comments list walked from the week its offset falls in (comment_list_counts
// per status and week, migration 20261128130000): every page equals the slice of `ORDER BY created_at,
// id` walked from the start, across week edges, empty weeks and ties on an edge, and each answer is
// one snapshot's page while comments come and go beside it.
import type { AdminCommentPage } from '@blog/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../../test/browser.ts';
import { buildPost } from '../../../test/factories.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { selectRowsOn } from '../../../test/sql.ts';
import { whileQuiet } from '../../../test/while-quiet.ts';

let admin: TestBrowser;

const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
});

const select = selectRowsOn(api);

async function list(query: string): Promise<AdminCommentPage> {
  const res = await admin.call('GET', `/api/admin/comments?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AdminCommentPage;
}

type Status = 'approved' | 'pending';
type Planned = { at: string; status: Status };

/** Inserts the comments in one statement, in the order given; their ids in that order. */
async function insert(post: number, planned: Planned[]) {
  const rows = await select<{ id: number }>(
    `INSERT INTO comments (post_id, author, email, content, status, created_at)
       SELECT :post, 'Tydzień ' || i, 'tydzien@example.com', 'Treść', s, a::timestamptz
         FROM unnest(ARRAY[:ats]::text[], ARRAY[:statuses]::text[]) WITH ORDINALITY AS t(a, s, i)
        ORDER BY i
     RETURNING id`,
    { post, ats: planned.map((row) => row.at), statuses: planned.map((row) => row.status) },
  );
  return rows.map((row) => row.id);
}

/**
 * Weeks are Monday 00:00 UTC (2001-01-01 was a Monday): ties on both sides of an edge, a comment a
 * microsecond before one, empty weeks, weeks with one comment, both statuses.
 */
const YEAR_2001: Planned[] = [
  ['2001-01-01T00:00:00Z', 'approved'],
  ['2001-01-03T12:00:00Z', 'pending'],
  ['2001-01-07T23:59:59.999999Z', 'approved'],
  ['2001-01-07T23:59:59.999999Z', 'pending'],
  ['2001-01-07T23:59:59.999999Z', 'approved'],
  ['2001-01-08T00:00:00Z', 'approved'],
  ['2001-01-08T00:00:00Z', 'pending'],
  ['2001-01-08T00:00:00Z', 'approved'],
  ['2001-01-08T00:00:00Z', 'approved'],
  ['2001-01-09T08:00:00Z', 'approved'],
  // 2001-01-15 to 2001-02-04: three empty weeks.
  ['2001-02-05T10:00:00Z', 'pending'],
  ['2001-02-06T10:00:00Z', 'approved'],
  ['2001-02-06T10:00:00Z', 'approved'],
  ['2001-02-08T10:00:00Z', 'pending'],
  ['2001-02-10T10:00:00Z', 'approved'],
  ['2001-02-11T23:59:59Z', 'approved'],
  ['2001-03-01T00:00:00Z', 'pending'],
  ['2001-03-12T00:00:00Z', 'approved'],
  ['2001-03-12T00:00:00Z', 'approved'],
  ['2001-03-18T23:59:59.999999Z', 'pending'],
].map(([at, status]) => ({ at: at!, status: status as Status }));

describe('GET /api/admin/comments sorted by date, walked from a week', () => {
  it.each([
    '',
    'order=asc',
    'status=approved',
    'status=pending&order=asc',
    'status=pending',
    'status=approved&order=asc',
  ])(
    '%s: every page over week edges, empty weeks and ties equals the order walked from the start',
    async (query) => {
      const post = await buildPost();
      const mine = new Set(await insert(post.id, YEAR_2001));
      const status = /status=(\w+)/.exec(query)?.[1];
      const direction = query.includes('order=asc') ? 'ASC' : 'DESC';
      const expectedIds = async () =>
        (
          await select<{ id: number }>(
            `SELECT c.id FROM comments c ${status ? `WHERE c.status = '${status}'` : ''}
              ORDER BY c.created_at ${direction}, c.id ${direction}`,
          )
        ).map((row) => row.id);
      try {
        for (const limit of [1, 3, 4]) {
          const { expected: all } = await whileQuiet(expectedIds, async () => undefined);
          // Every page holding one of these comments, the first, the last and one past the end.
          const pages = new Set([
            1,
            Math.max(1, Math.ceil(all.length / limit)),
            Math.ceil(all.length / limit) + 1,
          ]);
          all.forEach((id, index) => mine.has(id) && pages.add(Math.floor(index / limit) + 1));
          for (const page of pages) {
            const { answer, expected } = await whileQuiet(expectedIds, () =>
              list(`${query}&limit=${limit}&page=${page}`),
            );
            expect(
              answer.items.map((item) => item.id),
              `limit ${limit}, page ${page}`,
            ).toEqual(expected.slice((page - 1) * limit, page * limit));
            expect(answer).toMatchObject({ total: expected.length, totalExact: true });
          }
        }
      } finally {
        await select(`DELETE FROM comments WHERE post_id = :post`, { post: post.id });
      }
    },
  );
});

type Present = { id: number; at: number; status: Status };
type Ask = { order: string; status?: Status; offset: number; limit: number };

/** Whether the answer is the page of `state` (these comments, older than any other) at its own total. */
function pageOf(answer: AdminCommentPage, state: Present[], ask: Ask) {
  const asc = ask.order === 'asc';
  const mine = state
    .filter((row) => !ask.status || row.status === ask.status)
    .sort((a, b) => (a.at - b.at || a.id - b.id) * (asc ? 1 : -1));
  const others = answer.total - mine.length;
  if (others < 0) return false;
  // Oldest first, these come first; newest first, last.
  const mineFrom = asc ? 0 : others;
  const end = Math.min(ask.offset + ask.limit, answer.total);
  const expected: (number | 'other')[] = [];
  for (let index = ask.offset; index < end; index += 1) {
    const at = index - mineFrom;
    expected.push(at >= 0 && at < mine.length ? mine[at]!.id : 'other');
  }
  const ids = new Set(state.map((row) => row.id));
  const got = answer.items.map((item) => (ids.has(item.id) ? item.id : 'other'));
  return JSON.stringify(got) === JSON.stringify(expected);
}

describe('GET /api/admin/comments sorted by date, under concurrent writes', () => {
  it('answers one snapshot’s page while comments are inserted and deleted one by one', async () => {
    const post = await buildPost();
    // 1971: older than every other file's comments, so the list's first rows (oldest first) or last.
    const planned = Array.from({ length: 36 }, (_, index) => ({
      // Over 12 weeks with gaps, three comments an instant (ties), inserted out of date order.
      at: Date.UTC(1971, 0, 4 + ((index * 7) % 12) * 9, 0, 0, Math.floor(index / 12)),
      status: (index % 3 === 0 ? 'pending' : 'approved') as Status,
    }));
    const states: Present[][] = [[]];
    const answers: { ask: Ask; answer: AdminCommentPage }[] = [];
    let writing = true;
    const writer = async () => {
      try {
        for (const row of planned) {
          const [id] = await insert(post.id, [{ at: new Date(row.at).toISOString(), status: row.status }]);
          states.push([...states.at(-1)!, { id: id!, ...row }]);
        }
        for (const gone of states.at(-1)!.filter((_, index) => index % 2 === 1)) {
          await select('DELETE FROM comments WHERE id = :id', { id: gone.id });
          states.push(states.at(-1)!.filter((row) => row.id !== gone.id));
        }
      } finally {
        writing = false;
      }
    };
    const reader = async (order: 'asc' | 'desc', status?: Status) => {
      const limit = 5;
      let total = (await list(`limit=1${status ? `&status=${status}` : ''}`)).total;
      for (let round = 0; writing || round < 3; round += 1) {
        // Pages among these comments: the first ones oldest first, the last ones newest first.
        const fromStart = round % 6;
        const page = order === 'asc' ? fromStart + 1 : Math.max(1, Math.ceil(total / limit) - fromStart);
        const ask = { order, status, offset: (page - 1) * limit, limit };
        const answer = await list(
          `order=${order}&limit=${limit}&page=${page}${status ? `&status=${status}` : ''}`,
        );
        total = answer.total;
        answers.push({ ask, answer });
      }
    };
    try {
      await Promise.all([
        writer(),
        reader('asc'),
        reader('desc'),
        reader('asc', 'pending'),
        reader('desc', 'approved'),
      ]);
      expect(answers.length).toBeGreaterThan(20);
      const wrong = answers.filter(({ ask, answer }) => !states.some((state) => pageOf(answer, state, ask)));
      expect(
        wrong.map(({ ask, answer }) => ({ ask, total: answer.total, ids: answer.items.map((i) => i.id) })),
      ).toEqual([]);
    } finally {
      await select(`DELETE FROM comments WHERE post_id = :post`, { post: post.id });
    }
  });
});
