import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configVariables } from '@blog/api/config';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serverEntries } from './build-server.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  environment?: Record<string, string | number>;
  ports?: string[];
  container_name?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[];
}

const composeText = read('docker-compose.yml');
const compose = parse(composeText) as { services: Record<string, ComposeService> };
const { postgres, redis, api, worker } = compose.services;

const APP_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'SESSION_SECRET',
  'ENCRYPTION_KEY',
  'PUBLIC_URL',
  'ADMIN_USERNAME',
  'ADMIN_PASSWORD',
  'ADMIN_EMAIL',
  'NODE_ENV',
];
const SECRETS = ['SESSION_SECRET', 'ENCRYPTION_KEY', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD'];

describe('docker-compose.yml', () => {
  it('has exactly the four services, on the pinned images', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);
    expect(postgres?.image).toBe('postgres:16-alpine');
    expect(redis?.image).toBe('redis:7-alpine');
    expect(redis?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
  });

  it.each([
    ['api', api],
    ['worker', worker],
  ])('gives the %s every variable it needs, in production mode', (_name, service) => {
    expect(Object.keys(service?.environment ?? {})).toEqual(expect.arrayContaining(APP_VARIABLES));
    expect(service?.environment?.NODE_ENV).toBe('production');
    expect(String(service?.environment?.DATABASE_URL)).toMatch(/^postgres:\/\/.+@postgres:5432\/blog$/);
    expect(service?.environment?.REDIS_URL).toBe('redis://redis:6379');
  });

  it('takes every secret from the environment with a required-variable message, never a default', () => {
    for (const secret of SECRETS) {
      expect(composeText).toMatch(new RegExp(`\\$\\{${secret}:\\?[^}]+\\}`));
      expect(composeText).not.toMatch(new RegExp(`\\$\\{${secret}:?-`));
    }
  });

  it('publishes the API on 3000 once PostgreSQL and Redis are healthy, and checks /readyz', () => {
    expect(api?.build?.target).toBe('api');
    expect(api?.ports?.some((port) => port.endsWith(':3000'))).toBe(true);
    expect(api?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(api?.depends_on?.redis?.condition).toBe('service_healthy');
    expect(api?.healthcheck?.test.join(' ')).toContain('/readyz');
  });

  it('lets the worker scale: same image recipe, no container name, no host ports', () => {
    expect(worker?.build?.target).toBe('worker');
    expect(worker?.build?.dockerfile).toBe(api?.build?.dockerfile);
    expect(worker?.container_name).toBeUndefined();
    expect(worker?.ports).toBeUndefined();
  });
});

describe('infra/docker/Dockerfile', () => {
  const dockerfilePath = api?.build?.dockerfile ?? '';
  const dockerfile = existsSync(path.join(repoRoot, dockerfilePath)) ? read(dockerfilePath) : '';

  it('is where compose builds from and has the api and worker targets', () => {
    expect(dockerfilePath).toBe('infra/docker/Dockerfile');
    expect(dockerfile).toMatch(/^FROM \S+ AS api$/m);
    expect(dockerfile).toMatch(/^FROM \S+ AS worker$/m);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toContain('NODE_ENV=production');
  });

  it('starts the compiled entry points that `npm run build` writes, from sources that exist', () => {
    const commands = [...dockerfile.matchAll(/^CMD (\[.*\])$/gm)].map(
      (match) => JSON.parse(match[1]!) as string[],
    );
    const entryPoints = commands.map((command) => command.at(-1)!);
    expect(entryPoints.sort()).toEqual(['api/dist/main.cjs', 'worker/dist/main.cjs']);
    for (const command of commands) {
      const built = serverEntries.find((candidate) => candidate.output === command.at(-1));
      expect(built, `${command.at(-1)} is an output of infra/src/build-server.ts`).toBeDefined();
      expect(command).toEqual(['node', ...built!.nodeFlags, built!.output]);
    }
    for (const entry of entryPoints) {
      const built = serverEntries.find((candidate) => candidate.output === entry);
      expect(existsSync(path.join(repoRoot, built!.source))).toBe(true);
    }
  });

  it('has a .dockerignore that keeps dependencies, local data and secrets out of the image', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '.data', '.env']));
  });
});

describe('.env.example', () => {
  const documented = new Set(
    [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]),
  );

  it('documents every variable the configuration reads', () => {
    expect(configVariables.length).toBeGreaterThan(10);
    expect(configVariables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents the test-only and compose-only variables', () => {
    for (const name of ['TEST_DATABASE_URL', 'TEST_REDIS_URL', 'TEST_SERVICES', 'POSTGRES_PASSWORD']) {
      expect(documented.has(name)).toBe(true);
    }
  });

  it('documents every variable compose interpolates', () => {
    const interpolated = new Set(
      [...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]),
    );
    expect([...interpolated].filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('package.json start:api and start:worker', () => {
  it('start the compiled processes with their production V8 flags', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const commandOf = (output: string) =>
      ['node', ...serverEntries.find((entry) => entry.output === output)!.nodeFlags, output].join(' ');
    expect(scripts['start:api']).toBe(commandOf('api/dist/main.cjs'));
    expect(scripts['start:worker']).toBe(commandOf('worker/dist/main.cjs'));
  });
});
