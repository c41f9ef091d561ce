import type { ImportJob } from '@blog/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../../test/browser.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { IMPORT_REPORT_INCOMPLETE } from './import-jobs.presenter.ts';

/**
 * The import history answers whatever the stored reports hold. Responses are checked against the
 * contract by the test API itself (outside production a drifting answer is a 500 „Odpowiedź
 * niezgodna z kontraktem API…”), so a 200 here is an answer that fits the contract.
 */

let admin: TestBrowser;

const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
});

const counts = { posts: 2, authors: 1, categories: 0, tags: 0, comments: 0, images: 0 };

async function storedJob(report: unknown): Promise<number> {
  const [rows] = (await api.runtime.sequelize.query(
    `INSERT INTO import_jobs (status, kind, file_name, file_size, stage, report, finished_at)
     VALUES ('done', 'wordpress', 'stary-blog.xml', 1024, 'finished', CAST(:report AS jsonb), now())
     RETURNING id`,
    { replacements: { report: JSON.stringify(report) } },
  )) as [{ id: number }[], unknown];
  return rows[0]!.id;
}

async function listed(id: number): Promise<ImportJob> {
  const res = await admin.call('GET', '/api/admin/imports');
  expect(res.status).toBe(200);
  const job = ((await res.json()) as ImportJob[]).find((candidate) => candidate.id === id);
  expect(job).toBeDefined();
  const one = await admin.call('GET', `/api/admin/imports/${id}`);
  expect(one.status).toBe(200);
  expect(await one.json()).toEqual(job);
  return job!;
}

describe('GET /api/admin/imports over stored reports that do not fit the contract', () => {
  it('cuts a 600-character slug, drops an unknown field and an entry missing a field, and says so', async () => {
    const longSlug = 'a'.repeat(600);
    const id = await storedJob({
      source: { kind: 'wordpress', site: 'https://stary.example.com' },
      created: counts,
      unchanged: counts,
      renamedSlugs: [
        { sourceId: '10', from: longSlug, to: `${longSlug}-2` },
        { sourceId: '11', from: 'wpis', to: 'wpis-2' },
      ],
      skipped: [
        { kind: 'post', sourceId: '12', reason: 'Typ „page”.' },
        { kind: 'comment', sourceId: '13', title: 'Wpis', reason: 'Spam.' },
      ],
      sanitized: [],
      reviewedBy: 'someone',
    });
    const job = await listed(id);
    expect(job.reportNotice).toBe(IMPORT_REPORT_INCOMPLETE);
    expect(job.result?.renamedSlugs).toEqual([
      { sourceId: '10', from: 'a'.repeat(200), to: 'a'.repeat(200) },
      { sourceId: '11', from: 'wpis', to: 'wpis-2' },
    ]);
    expect(job.result?.skipped).toEqual([
      { kind: 'comment', sourceId: '13', title: 'Wpis', reason: 'Spam.' },
    ]);
    expect(job.result?.created).toEqual(counts);
    expect(job.result).not.toHaveProperty('reviewedBy');
  });

  it('shows no report, with the notice, when even its source cannot be read', async () => {
    const unreadable = await storedJob('zepsuty raport');
    expect(await listed(unreadable)).toMatchObject({ result: null, reportNotice: IMPORT_REPORT_INCOMPLETE });
    const noSource = await storedJob({ created: counts, renamedSlugs: [] });
    expect(await listed(noSource)).toMatchObject({ result: null, reportNotice: IMPORT_REPORT_INCOMPLETE });
  });

  it('shows a count that is no count as 0 and keeps the rest', async () => {
    const id = await storedJob({
      source: { kind: 'ghost', site: 'https://ghost.example.com' },
      created: { ...counts, posts: -1, images: 'dużo' },
      unchanged: counts,
      renamedSlugs: [],
      skipped: [],
      sanitized: [{ sourceId: '1', title: 'Wpis' }],
    });
    const job = await listed(id);
    expect(job.result?.created).toEqual({ ...counts, posts: 0, images: 0 });
    expect(job.result?.sanitized).toEqual([{ sourceId: '1', title: 'Wpis' }]);
    expect(job.reportNotice).toBe(IMPORT_REPORT_INCOMPLETE);
  });

  it('says nothing about a report that fits, and shows every list the contract has', async () => {
    const withheld = [{ sourceId: '7', title: 'Dla członków', reason: 'Wpis tylko dla członków.' }];
    const id = await storedJob({
      source: { kind: 'blog', site: 'https://blog.example.com' },
      created: counts,
      unchanged: counts,
      renamedSlugs: [{ sourceId: '1', from: 'wpis', to: 'wpis-2' }],
      skipped: [],
      withheld,
      sanitized: [],
    });
    expect(await listed(id)).toMatchObject({ reportNotice: null, result: { created: counts, withheld } });
  });
});
