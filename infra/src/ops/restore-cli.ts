// `npm run restore -- FILE [--force]`: restores an archive of `npm run backup` into an empty
// database and storage (--force empties them first), runs newer migrations, prints the counts.
import { restoreBackup } from './restore.ts';
import { startProgress } from './progress.ts';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const archive = args.find((arg) => !arg.startsWith('--'));
  if (!archive) throw new Error('Podaj plik kopii: npm run restore -- blog-backup.tar.gz [--force]');
  const result = await restoreBackup({
    env: process.env,
    archive,
    force,
    progress: (label) => startProgress(label),
  });
  process.stdout.write(
    [
      `Przywrócono kopię (obrazy: ${result.uploads}${result.migrated.length > 0 ? `; nowsze migracje: ${result.migrated.join(', ')}` : ''}).`,
      ...Object.entries(result.counts).map(([table, count]) => `  ${table}: ${count}`),
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`restore: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
