// `npm run import -- FILE [--uploads DIR] [--ghost-tags=categories|tags]`: imports a WordPress WXR
// export, a Ghost JSON export or this blog's own export (`npm run export`'s blog-export.json, or the
// ZIP the panel downloads) into the blog, in one transaction, and prints what it did. Images come only from the file or the uploads folder
// (default: `images/` beside FILE when it is there), never the network.
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  extractExportZip,
  type ImportedAccount,
  type ImportReport,
  importDocument,
  isZip,
  readImportFile,
  type SkippedItem,
  tooLarge,
} from '@blog/api/transfer';
import { describePostLosses } from '@blog/shared/import-losses';
import { MAX_IMPORT_BYTES } from '@blog/shared/rules';
import { openTransferContext } from './transfer-target.ts';

const USAGE =
  'Podaj plik eksportu: npm run import -- eksport.xml [--uploads FOLDER] [--ghost-tags=categories|tags]';

function option(args: string[], name: string): string | undefined {
  const at = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (at < 0) return undefined;
  const arg = args[at]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
}

/**
 * Every account the import created (inactive until an admin activates it) and every author matched
 * to an existing account by e-mail, one line each, then what to do next.
 */
export function describeAccounts(accounts: ImportedAccount[]): string[] {
  const lines = accounts.map((account) => {
    const who = [account.displayName, account.email].filter(Boolean).join(', ');
    const name = `${account.username}${who ? ` (${who})` : ''}`;
    if (account.outcome === 'matched')
      return `Autor dopasowany po adresie e-mail do istniejącego konta: ${name}; jego rola i stan bez zmian.`;
    const notes = [
      account.sourceState === 'inactive' ? 'w źródle zablokowane lub nieaktywne' : null,
      account.renamedFrom
        ? `nazwa „${account.renamedFrom}” ${account.renameReason === 'lookAlike' ? 'zbyt podobna do istniejącej' : 'zajęta'}`
        : null,
      account.displayNameFrom
        ? `nazwa wyświetlana „${account.displayNameFrom}” zbyt podobna do istniejącej`
        : null,
    ].filter(Boolean);
    return `Nowe konto (nieaktywne): ${name}${notes.length ? `; ${notes.join('; ')}` : ''}.`;
  });
  if (accounts.some((account) => account.outcome === 'created'))
    lines.push(
      'Nowe konta są nieaktywne: nikt się na nie nie zaloguje i nie dostanie linku do zmiany hasła, dopóki administrator nie aktywuje ich w „Zarządzanie użytkownikami”.',
    );
  return lines;
}

/** The report as the operator reads it (Polish, one line per renamed slug, skipped item, withheld post and post that lost something). */
export function describeReport(report: ImportReport): string {
  const counts = (label: string, c: ImportReport['created']) =>
    `${label}: wpisy ${c.posts}, autorzy ${c.authors}, kategorie ${c.categories}, tagi ${c.tags}, komentarze ${c.comments}, obrazy ${c.images}`;
  return [
    `Import z ${report.source.kind} (${report.source.site}) zakończony.`,
    counts('Nowe', report.created),
    counts('Już były (bez zmian)', report.unchanged),
    ...report.renamedSlugs.map((r) => `Zmieniony adres: ${r.from} → ${r.to}`),
    ...report.skipped.map(
      (s: SkippedItem) =>
        `Pominięto (${s.kind} ${s.sourceId}${s.title ? `, „${s.title}”` : ''}): ${s.reason}`,
    ),
    // Every imported post readers cannot see, and why: an import never widens who can read anything.
    ...report.withheld.map(
      (p) => `Niewidoczny dla czytelników (post ${p.sourceId}, „${p.title}”): ${p.reason}`,
    ),
    ...report.sanitized.map(
      (p) => `Oczyszczono HTML wpisu „${p.title}” (usunięto skrypty lub niedozwolone elementy).`,
    ),
    // Never a post shortened without a word: each one that lost an element, a shortcode or words.
    ...report.losses.map((p) => `Wpis przeniesiony nie w całości („${p.title}”): ${describePostLosses(p)}`),
    ...describeAccounts(report.accounts),
    '',
  ].join('\n');
}

/** The first bytes of the file, to tell a ZIP from an XML or JSON export. */
async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((arg, i) => !arg.startsWith('--') && !['--uploads'].includes(args[i - 1] ?? ''));
  if (!file) throw new Error(USAGE);
  const ghostTags = option(args, '--ghost-tags') ?? 'categories';
  if (ghostTags !== 'categories' && ghostTags !== 'tags') throw new Error(USAGE);
  // Refused before a byte is read: the size alone says so.
  if ((await stat(file)).size > MAX_IMPORT_BYTES) throw tooLarge();
  // The panel's export ZIP: unpacked into a folder of its own, then read like `npm run export`'s folder.
  const unpacked = isZip(await head(file))
    ? await mkdtemp(path.join(os.tmpdir(), 'blog-import-'))
    : undefined;
  try {
    const documentFile = unpacked ? (await extractExportZip(file, unpacked)).documentFile : file;
    const beside = path.join(path.dirname(documentFile), 'images');
    const uploadsDir =
      option(args, '--uploads') ??
      ((await stat(beside).catch(() => null))?.isDirectory() ? beside : undefined);
    const skipped: SkippedItem[] = [];
    const document = readImportFile(await readFile(documentFile), skipped, { ghostTagsAs: ghostTags });
    const context = await openTransferContext(process.env);
    try {
      const report = await importDocument(context.target, context.storage, document, {
        sources: { uploadsDir },
        skipped,
        progress: (done, total) => {
          process.stderr.write(`\rWpisy: ${done}/${total}`);
        },
      });
      process.stderr.write('\n');
      process.stdout.write(describeReport(report));
    } finally {
      await context.close();
    }
  } finally {
    if (unpacked) await rm(unpacked, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`import: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
