import createCache from '@emotion/cache';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawnPage } from './drawn-page.tsx';

function Broken(): never {
  throw new Error('a part that cannot be drawn');
}
const LazyBroken = lazy(async () => ({ default: Broken }));

describe('drawnPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws a page whole and says nothing failed', async () => {
    const page = await drawnPage(<p>Treść</p>, createCache({ key: 'drawn' }));
    expect(page.html).toBe('<p>Treść</p>');
    expect(page.failed).toBe(false);
  });

  it('says so when a part inside a Suspense boundary fails, though React draws the rest', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await drawnPage(
      <main>
        <h1>Artykuł</h1>
        <Suspense fallback={null}>
          <LazyBroken />
        </Suspense>
      </main>,
      createCache({ key: 'drawn' }),
    );
    expect(page.html).toContain('<h1>Artykuł</h1>');
    expect(page.failed).toBe(true);
  });
});
