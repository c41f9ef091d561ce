// `npm run export -- [FOLDER]`: the whole blog as one JSON document (blog-export.json, the shape
// `npm run import` reads back; docs/transfer-document.schema.json) plus the images its posts use
// (images/), in FOLDER (default ./blog-export-<time>).
import { exportBlog } from '@blog/api/transfer';
import { startProgress } from './progress.ts';
import { openTransferContext } from './transfer-target.ts';

async function main(): Promise<void> {
  const folder = process.argv[2] ?? `blog-export-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const context = await openTransferContext(process.env);
  const progress = startProgress('Obrazy');
  try {
    const result = await exportBlog(
      context.sequelize,
      context.storage,
      context.target.publicUrl,
      folder,
      (done, total) => progress.update(done, total),
    );
    progress.stop();
    const { document } = result;
    process.stdout.write(
      `Eksport gotowy: ${folder} (wpisy ${document.posts.length}, autorzy ${document.authors.length}, ` +
        `kategorie ${document.categories.length}, tagi ${document.tags.length}, ` +
        `komentarze ${document.comments.length}, pliki obrazów ${result.images}).\n` +
        result.missing.map((name) => `Brak pliku obrazu w magazynie: ${name}\n`).join(''),
    );
  } finally {
    progress.stop();
    await context.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`export: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
