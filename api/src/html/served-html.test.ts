import { describe, expect, it, vi } from 'vitest';
import { servedHtmlMemoSize, servedPostHtml } from './served-html.ts';
import * as sanitizer from './sanitize-html.ts';

// Counts the sanitizer's runs under the memo (the real sanitizer still does the work).
vi.mock('./sanitize-html.ts', async (importOriginal) => {
  const real = await importOriginal<typeof sanitizer>();
  return { ...real, sanitizePostHtml: vi.fn(real.sanitizePostHtml) };
});
const runs = () => vi.mocked(sanitizer.sanitizePostHtml).mock.calls.length;

describe('servedPostHtml: a stored text sanitized once, served sanitized every time', () => {
  it('answers what the sanitizer answers, the first time and every later time, sanitizing once', () => {
    const stored = `<p>Treść <script>alert(1)</script><img src=x onerror=alert(1)> ${Math.random()}</p>`;
    const before = runs();
    const first = servedPostHtml(stored);
    expect(first).not.toContain('<script');
    expect(first).not.toContain('onerror');
    for (let n = 0; n < 3; n += 1) expect(servedPostHtml(stored)).toBe(first);
    expect(runs() - before).toBe(1);
  });

  it('an edited text is sanitized anew: never the answer of another text', () => {
    const safe = `<p>Wersja pierwsza ${Math.random()}</p>`;
    const edited = `${safe}<a href="javascript:alert(1)">link</a><iframe src="https://x.example"></iframe>`;
    expect(servedPostHtml(safe)).toBe(safe);
    const answer = servedPostHtml(edited);
    expect(answer).not.toContain('javascript:');
    expect(answer).not.toContain('<iframe');
    expect(answer).not.toBe(servedPostHtml(safe));
  });

  it('keeps at most 256 texts and 4 M characters; a text over the bound is never kept', () => {
    for (let n = 0; n < 300; n += 1) servedPostHtml(`<p>Tekst ${n} ${Math.random()}</p>`);
    expect(servedHtmlMemoSize().entries).toBe(256);
    const big = `<p>${'ą'.repeat(2_100_000)}</p>`;
    const before = runs();
    servedPostHtml(big);
    servedPostHtml(big);
    expect(runs() - before).toBe(2);
    for (let n = 0; n < 3; n += 1) servedPostHtml(`<p>${String(n).repeat(900_000)}</p>`);
    expect(servedHtmlMemoSize().chars).toBeLessThanOrEqual(4_000_000);
    expect(servedHtmlMemoSize().entries).toBeLessThan(256);
  });
});
