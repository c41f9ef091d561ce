// The export ZIP read back safely: only blog-export.json and images/<plain name> are taken, nothing
// lands outside the folder (zip slip), a ZIP that is no export of ours or is broken gets a Polish message.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { AppError } from '../../errors.ts';
import { assertExportZip, extractExportZip, isZip } from './export-zip.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'blog-export-zip-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A ZIP of these entries, written to a file of the work folder. */
async function zipOf(
  name: string,
  entries: Record<string, string>,
  patch: (bytes: Buffer) => Buffer = (bytes) => bytes,
): Promise<string> {
  const zip = new ZipFile();
  for (const [entry, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), entry);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const file = path.join(work, name);
  await writeFile(file, patch(Buffer.concat(chunks)));
  return file;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err as AppError,
  );

describe('extractExportZip', () => {
  it('takes the document and plainly named images, and nothing else', async () => {
    const file = await zipOf('good.zip', {
      'blog-export.json': '{"format":"blog-transfer"}',
      'images/abc-480w.webp': 'obraz',
      'images/.hidden': 'x',
      'images/sub/dir.webp': 'x',
      'notes.txt': 'x',
    });
    expect(isZip(await readFile(file))).toBe(true);
    await assertExportZip(file);
    const folder = await mkdtemp(path.join(work, 'out-'));
    const { documentFile, imagesDir } = await extractExportZip(file, folder);
    expect(await readFile(documentFile, 'utf8')).toBe('{"format":"blog-transfer"}');
    expect(await readdir(imagesDir)).toEqual(['abc-480w.webp']);
    expect((await readdir(folder)).sort()).toEqual(['blog-export.json', 'images']);
  });

  it('writes nothing outside its folder (zip slip) and refuses a ZIP that is no export of ours', async () => {
    // yazl will not write a name that climbs out, so the name is changed in the bytes afterwards.
    const file = await zipOf('slip.zip', { 'blog-export.json': '{}', 'xx/yy/evil.webp': 'x' }, (bytes) =>
      Buffer.from(bytes.toString('latin1').replaceAll('xx/yy/evil', '../../evil'), 'latin1'),
    );
    const folder = await mkdtemp(path.join(work, 'slip-'));
    // yauzl refuses a relative path leaving the archive (strictFileNames); either way nothing is written.
    const error = await refusal(extractExportZip(file, folder));
    expect(error).toBeInstanceOf(AppError);
    expect(error!.message).toMatch(/Archiwum ZIP/);
    expect(await readdir(work)).not.toContain('evil.webp');
    expect(await readdir(path.dirname(work))).not.toContain('evil.webp');

    const other = await zipOf('other.zip', { 'photo.webp': 'x' });
    const notOurs = await refusal(assertExportZip(other));
    expect(notOurs).toMatchObject({
      code: 'unsupported_media_type',
      message: 'Archiwum ZIP nie jest eksportem tego bloga (brak pliku blog-export.json).',
    });
  });

  it('refuses a broken archive with a Polish message', async () => {
    const file = path.join(work, 'broken.zip');
    await writeFile(file, Buffer.from('PK\u0003\u0004 urwane archiwum'));
    expect(await refusal(assertExportZip(file))).toMatchObject({
      code: 'bad_request',
      message: 'Archiwum ZIP jest uszkodzone i nie da się go odczytać.',
    });
  });
});
