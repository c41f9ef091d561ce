// `npm run backup -- [FILE|-]`: one archive of the blog (default ./blog-backup-<time>.tar.gz; `-` =
// stdout). Works on the embedded services of `npm start` (running or stopped) and on configured ones.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createBackup } from './backup.ts';
import { startProgress } from './progress.ts';

async function main(): Promise<void> {
  const target = process.argv[2] ?? `blog-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
  const toStdout = target === '-';
  const out = toStdout ? process.stdout : createWriteStream(target, { mode: 0o600 });
  try {
    const manifest = await createBackup({ env: process.env, out, progress: (label) => startProgress(label) });
    const rows = Object.entries(manifest.counts)
      .map(([table, count]) => `${table}: ${count}`)
      .join(', ');
    process.stderr.write(
      `Kopia zapasowa gotowa${toStdout ? '' : `: ${target}`} (schemat ${manifest.schemaVersion}, ` +
        `baza: ${manifest.database.format}, obrazy: ${manifest.uploads.files}).\n${rows}\n`,
    );
  } catch (err) {
    if (!toStdout) await rm(target, { force: true });
    throw err;
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`backup: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
