import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PartedBody, sharedPart } from './parted-body.ts';

const STYLES = `<style>${'.card{display:grid;gap:1rem}'.repeat(2000)}</style>`;

/** What a reader's gzip stream makes of it, read in small pieces as a socket delivers them. */
async function gunzipInPieces(gzip: Buffer): Promise<Buffer> {
  const gunzip = createGunzip();
  const out: Buffer[] = [];
  gunzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
  for (let at = 0; at < gzip.length; at += 1000) gunzip.write(gzip.subarray(at, at + 1000));
  gunzip.end();
  await ended;
  return Buffer.concat(out);
}

describe('a body in parts', () => {
  it('is the same bytes as its text whole, and its gzip reads back to them', async () => {
    const head = '<!doctype html><html><head><title>Zażółć gęślą jaźń</title>';
    const rest = `</head><body><div id="root">${'<p>Łódź, źdźbło, ćma</p>'.repeat(300)}</div></body></html>`;
    const body = new PartedBody([head, sharedPart(STYLES), rest]);
    const { bytes, gzip } = body.encode();
    expect(bytes.equals(Buffer.from(head + STYLES + rest))).toBe(true);
    expect(body.bytes().equals(bytes)).toBe(true);
    expect(gunzipSync(gzip).equals(bytes)).toBe(true);
    expect((await gunzipInPieces(gzip)).equals(bytes)).toBe(true);
    // Compressed in parts, it is hardly larger than compressed whole.
    expect(gzip.length).toBeLessThan(gzipSync(bytes, { level: 6 }).length + 200);
  });

  it('reads back with shared parts first, last, side by side and empty texts between them', () => {
    const other = sharedPart('<style>.x{color:red}</style>');
    for (const parts of [
      [sharedPart(STYLES), 'ą'],
      ['ę', sharedPart(STYLES)],
      [sharedPart(STYLES), other, '', sharedPart(STYLES)],
      ['', ''],
    ]) {
      const { bytes, gzip } = new PartedBody(parts).encode();
      const text = parts.map((part) => (typeof part === 'string' ? part : part.bytes.toString())).join('');
      expect(bytes.toString()).toBe(text);
      expect(gunzipSync(gzip).equals(bytes)).toBe(true);
    }
  });

  it('encodes and compresses a shared text once', () => {
    const text = `<style>${'a{b:c}'.repeat(100)}</style>`;
    const first = sharedPart(text);
    expect(sharedPart(`${text}`)).toBe(first);
    expect(gunzipSync(new PartedBody([first]).encode().gzip).toString()).toBe(text);
  });
});
