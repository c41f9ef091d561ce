import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './secrets.ts';

describe('embedded secrets', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-secrets-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('generates them once, keeps them in secrets.json (0600) and returns the same ones later', async () => {
    const first = await loadOrCreateSecrets(dataDir, {});
    expect(first.SESSION_SECRET).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(first.ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);

    expect(await loadOrCreateSecrets(dataDir, {})).toEqual(first);
  });

  it('lets the environment win over the stored values', async () => {
    const stored = await loadOrCreateSecrets(dataDir, {});
    const fromEnv = await loadOrCreateSecrets(dataDir, { SESSION_SECRET: 'x'.repeat(40) });
    expect(fromEnv).toEqual({ SESSION_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: stored.ENCRYPTION_KEY });
  });

  it('writes nothing when the environment has both', async () => {
    const env = { SESSION_SECRET: 's'.repeat(40), ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(await loadOrCreateSecrets(dataDir, env)).toEqual(env);
    await expect(stat(path.join(dataDir, 'secrets.json'))).rejects.toThrow();
  });

  it('refuses a damaged file instead of silently replacing the secrets', async () => {
    await writeFile(path.join(dataDir, 'secrets.json'), '{ nie json');
    await expect(loadOrCreateSecrets(dataDir, {})).rejects.toThrow(/secrets\.json is not valid JSON/);
  });
});
