import { open } from 'node:fs/promises';
import { AppError } from '../../errors.ts';
import { assertExportZip, isZip } from './export-zip.ts';
import { WRONG_KIND } from './read-import-file.ts';
import { TRANSFER_FORMAT } from './transfer-document.ts';

/** What an uploaded file is, told by its content (never its name or the browser's Content-Type). */
export type ImportKind = 'wordpress' | 'ghost' | 'blog' | 'blog-zip';

/** Enough of the file to see what wrote it: WXR names its namespace and Ghost its `db` near the top. */
const HEAD_BYTES = 64 * 1024;

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The kind of an uploaded export, from its first bytes: a ZIP holding this blog's export, WordPress's
 * WXR (XML, an <rss> with the export namespace), Ghost's JSON (`db` or `meta`/`data`) or this blog's
 * JSON (`format`). Anything else is a 415 with the Polish message of the CLI. The worker parses the
 * whole file again; this only keeps an image or a PDF from being queued at all.
 */
export async function sniffImportFile(file: string): Promise<ImportKind> {
  const bytes = await head(file);
  if (isZip(bytes)) {
    await assertExportZip(file);
    return 'blog-zip';
  }
  // A cut multi-byte character at the end of the head is harmless: only ASCII markers are looked for.
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) {
    if (/<rss[\s>]/.test(text) && /wordpress\.org\/export\//.test(text)) return 'wordpress';
  } else if (text.startsWith('{')) {
    if (new RegExp(`"format"\\s*:\\s*"${TRANSFER_FORMAT}"`).test(text)) return 'blog';
    if (/"(db|meta|data)"\s*:/.test(text)) return 'ghost';
  }
  throw new AppError('unsupported_media_type', WRONG_KIND);
}
