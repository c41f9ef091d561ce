import type { PostListPage } from '@blog/shared/page-render';
import { describe, expect, it, vi } from 'vitest';
import { warmUpPages } from './warm-up.ts';

const logger = () => ({ info: vi.fn(), warn: vi.fn() });
const listOf = (slugs: string[]) => ({
  postList: vi.fn(async () => ({ posts: slugs.map((slug) => ({ slug })) }) as unknown as PostListPage),
});

describe('warmUpPages', () => {
  it('draws / and then its newest article (the slug as an address), and logs both', async () => {
    const render = vi.fn(async (_url: string) => undefined);
    const source = listOf(['zażółć-gęślą']);
    const log = logger();
    const drawn = await warmUpPages(render, source, log);
    expect(render.mock.calls.map(([url]) => url)).toEqual([
      '/',
      '/post/za%C5%BC%C3%B3%C5%82%C4%87-g%C4%99%C5%9Bl%C4%85',
    ]);
    expect(source.postList).toHaveBeenCalledWith({ page: 1, limit: 1, q: '' });
    expect(drawn.map((page) => page.url)).toEqual(render.mock.calls.map(([url]) => url));
    expect(log.info).toHaveBeenCalledWith({ pages: drawn }, 'public pages warmed up');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('draws / alone when there is no post yet', async () => {
    const render = vi.fn(async (_url: string) => undefined);
    const drawn = await warmUpPages(render, listOf([]), logger());
    expect(drawn.map((page) => page.url)).toEqual(['/']);
  });

  it('never throws: a failed drawing or read is logged as a warning with what was drawn', async () => {
    const log = logger();
    const failing = vi.fn(async (url: string) => {
      if (url !== '/') throw new Error('renderer away');
    });
    const drawn = await warmUpPages(failing, listOf(['wpis']), log);
    expect(drawn.map((page) => page.url)).toEqual(['/']);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ pages: drawn, err: expect.any(Error) }),
      'public pages not warmed up',
    );
    const unread = { postList: vi.fn(async () => Promise.reject(new Error('database away'))) };
    await expect(warmUpPages(async () => undefined, unread, logger())).resolves.toHaveLength(1);
  });
});
