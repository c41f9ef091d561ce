import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: no file cites a document that is not in it (a numbered section of
 * a specification, notes kept beside the repository, a ticket number), the front page stays short,
 * and every folder and link the docs name is there. A rule worth citing is stated where it applies,
 * or once in docs/ and pointed to.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const THIS_FILE = path.relative(repoRoot, fileURLToPath(import.meta.url));

/** What a citation of an outside document looks like; each is a rule written somewhere else. */
const OUTSIDE_REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: 'a section of the specification', pattern: /\bspec(?:ification)?(?:'s)?\s*(?:§|sections?\s+\d)/i },
  { name: 'a section of a design document', pattern: /\bdesign\s*§/i },
  { name: 'a ticket number', pattern: /\bissues?\s+#?\d+/i },
  { name: 'an absolute path of the machine it was written on', pattern: /(?:^|[\s`'"(])\/work\// },
];

/** Names of the Markdown documents the repository holds (README.md, …). */
const heldDocuments = (files: readonly string[]) => new Set(files.map((file) => path.basename(file)));

/** A document named in capitals (`NOTES.md`) that the repository does not hold. */
function missingDocuments(line: string, held: ReadonlySet<string>): string[] {
  return [...line.matchAll(/\b[A-Z][A-Z_-]+\.md\b/g)].map(([name]) => name).filter((name) => !held.has(name));
}

/** A Markdown link (`[text](../x)`) whose relative target leads out of the repository. */
function leavesTheRepository(file: string, line: string): boolean {
  if (!file.endsWith('.md')) return false;
  return [...line.matchAll(/\]\(((?:\.\.\/)+)[^)]*\)/g)].some(([, ups]) => {
    const target = path.resolve(repoRoot, path.dirname(file), ups ?? '');
    return !`${target}/`.startsWith(repoRoot);
  });
}

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '' && file !== THIS_FILE && !file.endsWith('package-lock.json'))
    .filter((file) => existsSync(path.join(repoRoot, file)));
}

function read(file: string): string {
  return readFileSync(path.join(repoRoot, file), 'utf8');
}

describe('the repository stands on its own', () => {
  it('cites no document, section or ticket outside the repository', () => {
    const found: string[] = [];
    const files = trackedTextFiles();
    const held = heldDocuments(files);
    for (const file of files) {
      const text = read(file);
      if (text.includes('\0')) continue;
      text.split('\n').forEach((line, index) => {
        for (const { name, pattern } of OUTSIDE_REFERENCES) {
          if (pattern.test(line))
            found.push(`${file}:${index + 1} cites ${name}: ${line.trim().slice(0, 120)}`);
        }
        for (const name of missingDocuments(line, held))
          found.push(`${file}:${index + 1} cites ${name}, which is not in the repository`);
        if (leavesTheRepository(file, line)) {
          found.push(`${file}:${index + 1} leads out of the repository: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('keeps the README a front page of at most 120 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(120);
  });

  it('gives every top-level folder a README', () => {
    const folders = [
      ...new Set(
        trackedTextFiles()
          .filter((f) => f.includes('/'))
          .map((f) => f.split('/')[0]),
      ),
    ];
    const missing = folders.filter(
      (folder) => !folder.startsWith('.') && !existsSync(path.join(repoRoot, folder, 'README.md')),
    );
    expect(missing).toEqual([]);
  });

  it('links from the README and docs/ only to files that exist', () => {
    const documents = trackedTextFiles().filter((f) => f.endsWith('.md') && !f.includes('/results/'));
    const broken: string[] = [];
    for (const document of documents) {
      for (const [, target] of read(document).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (target === undefined || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(path.join(repoRoot, path.dirname(document), target)))
          broken.push(`${document} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
