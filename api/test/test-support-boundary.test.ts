// Test support (harnesses, factories, fixtures, scenarios, fuzz code) lives in api/test, worker/test
// and web/test, outside the folders the product is built from; nothing the product runs may import it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCT = ['api/src', 'worker/src', 'shared/src', 'web/src', 'infra/src'];
const TEST_SUPPORT = ['api/test', 'worker/test', 'web/test'];
const TEST_PACKAGES = ['@blog/api/testing', '@blog/worker/testing'];

/** Files the product runs: not tests, not the test runner's own setup. */
const isProductFile = (file: string) =>
  /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('infra/src/test/');

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
export function importsOf(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** Where `file`'s imports reach test support: a package's testing export or a path into its folders. */
export function testSupportImports(file: string, source: string): string[] {
  return importsOf(source).filter((specifier) => {
    if (TEST_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))) return true;
    if (!specifier.startsWith('.')) return false;
    const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
    return TEST_SUPPORT.some((dir) => target === dir || target.startsWith(`${dir}/`));
  });
}

describe('test support stays out of the product', () => {
  it('finds an import of test support where there is one (the check can fail)', () => {
    expect(
      testSupportImports('api/src/app/app.ts', "import { buildUser } from '../../test/factories.ts';"),
    ).toEqual(['../../test/factories.ts']);
    expect(testSupportImports('worker/src/jobs.ts', "const t = await import('@blog/api/testing');")).toEqual([
      '@blog/api/testing',
    ]);
    expect(testSupportImports('api/src/app/app.ts', "import { x } from './test-like.ts';")).toEqual([]);
  });

  it('no product file imports from api/test, worker/test, web/test or a testing export', () => {
    const offenders = PRODUCT.flatMap(filesUnder)
      .filter(isProductFile)
      .flatMap((file) =>
        testSupportImports(file, readFileSync(path.join(ROOT, file), 'utf8')).map(
          (spec) => `${file}: ${spec}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
