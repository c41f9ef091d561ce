import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EmbeddedSecrets {
  SESSION_SECRET: string;
  ENCRYPTION_KEY: string;
}

const generators: { [Name in keyof EmbeddedSecrets]: () => string } = {
  SESSION_SECRET: () => randomBytes(48).toString('base64url'),
  ENCRYPTION_KEY: () => randomBytes(32).toString('hex'),
};

async function readStored(file: string): Promise<Partial<EmbeddedSecrets>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return JSON.parse(text) as Partial<EmbeddedSecrets>;
  } catch {
    throw new Error(`${file} is not valid JSON; fix it or remove it (new secrets sign everyone out)`);
  }
}

/**
 * The secrets of the embedded run: taken from the environment when set, otherwise generated
 * once and kept in `<dataDir>/secrets.json` (mode 0600), so sessions and the encrypted SMTP
 * password survive restarts. Production never comes here: there they are required variables.
 */
export async function loadOrCreateSecrets(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EmbeddedSecrets> {
  const names = Object.keys(generators) as (keyof EmbeddedSecrets)[];
  if (names.every((name) => env[name])) {
    return { SESSION_SECRET: env.SESSION_SECRET!, ENCRYPTION_KEY: env.ENCRYPTION_KEY! };
  }
  const file = path.join(dataDir, 'secrets.json');
  const stored = await readStored(file);
  const missing = names.filter((name) => !stored[name]);
  if (missing.length > 0) {
    for (const name of missing) stored[name] = generators[name]();
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  // writeFile's mode applies only to a new file; an existing one may have been loosened by hand.
  await chmod(file, 0o600);
  return {
    SESSION_SECRET: env.SESSION_SECRET || stored.SESSION_SECRET!,
    ENCRYPTION_KEY: env.ENCRYPTION_KEY || stored.ENCRYPTION_KEY!,
  };
}
