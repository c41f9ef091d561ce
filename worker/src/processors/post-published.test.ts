import { buildPost, startTestApi, type TestApi } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorker, type TestWorker } from '../testing.ts';

describe('post.published', () => {
  let api: TestApi;
  let worker: TestWorker;
  beforeAll(async () => {
    api = await startTestApi();
    worker = await startTestWorker(api);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('logs the published post, and skips one deleted before the job ran', async () => {
    const post = await buildPost({ title: 'Nowy artykuł' });
    const record = (postId: number) =>
      api.runtime.sequelize.transaction((transaction) =>
        api.runtime.events.record({ type: 'post.published', payload: { postId } }, transaction),
      );
    expect(await worker.resultOf(await record(post.id))).toEqual({
      status: 'logged',
      postId: post.id,
      title: 'Nowy artykuł',
    });
    expect(await worker.resultOf(await record(2_000_000_000))).toEqual({
      status: 'skipped',
      reason: 'post-gone',
    });
  });
});
