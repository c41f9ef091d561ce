// `npm run storage:migrate`: copies the uploads of the local folder (DATA_DIR/uploads) into the
// bucket that STORAGE=s3 and the S3_* variables name. Safe to run again or after an interruption.
import { loadStorageConfig } from '@blog/api/config';
import { createImageStorage, localImageStorage } from '@blog/api/images/storage';
import { copyUploads } from './copy-uploads.ts';
import { startProgress } from './progress.ts';

async function main(): Promise<void> {
  const config = loadStorageConfig();
  if (config.STORAGE !== 's3')
    throw new Error('Set STORAGE=s3 and the S3_* variables of the target bucket (see .env.example).');
  const from = localImageStorage(config.uploadsDir);
  const to = createImageStorage(config);
  const progress = startProgress(`Kopiowanie obrazów do ${to.location}`);
  try {
    const result = await copyUploads(from, to, (done, total) => progress.update(done, total));
    progress.stop();
    process.stdout.write(
      `Skopiowano ${result.copied} z ${result.total} plików z ${from.location} do ${to.location} ` +
        `(${result.skipped} już tam było).\n`,
    );
  } finally {
    progress.stop();
    to.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`storage:migrate: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
