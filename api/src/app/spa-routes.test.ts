import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { isSpaRoute } from './spa-routes.ts';

const routesFile = new URL('../../../web/src/routes.tsx', import.meta.url);

/** The public routes of the web's router (those declared before the `admin` layout route), as paths. */
async function publicWebPaths(): Promise<string[]> {
  const source = await readFile(routesFile, 'utf8');
  const publicPart = source.slice(0, source.indexOf('<Route path="admin"'));
  return [...publicPart.matchAll(/<Route path="([^"*]+)"/g)].map((match) => `/${match[1]!}`);
}

const example = (path: string) => path.replace(/:[a-zA-Z]+/g, 'x-1');

describe('the server knows every page of the web app', () => {
  it('answers 200, not 404, for every route of web/src/routes.tsx', async () => {
    const paths = await publicWebPaths();
    expect(paths.length).toBeGreaterThanOrEqual(8);
    const unknown = paths.map(example).filter((path) => !isSpaRoute(path));
    expect(unknown).toEqual([]);
  });

  it('keeps unknown paths unknown', () => {
    for (const path of ['/nie-ma', '/posts/x/y', '/auth/x', '/post'])
      expect(isSpaRoute(path), path).toBe(false);
    expect(isSpaRoute('/admin/cokolwiek')).toBe(true);
  });
});
