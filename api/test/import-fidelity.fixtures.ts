// The fidelity table of an import (import-fidelity-*.test.ts): imports a real export into the test
// blog and measures, per structural element and for words, what its posts had, what the stored posts
// kept and what the report names as lost.
import { expect } from 'vitest';
import { importReportView } from '../src/modules/transfer/import-report-view.ts';
import { elementCounts, readableText, wordsKept } from '../src/modules/transfer/import-fidelity.ts';
import type { ImportReport } from '../src/modules/transfer/import-report.ts';
import { database, fixture, importFile } from './import.fixtures.ts';
import { readImportFile } from '../src/modules/transfer/read-import-file.ts';
import { mappedContent } from '../src/modules/transfer/import-html.ts';
import pg from 'pg';

/** Structural elements by the names they have in a file and in the stored post, and as reported lost. */
const CATEGORIES: { label: string; source: string[]; stored: string[]; lost: RegExp; mapped?: RegExp }[] = [
  { label: 'tables', source: ['table'], stored: ['table'], lost: /^element:table$/ },
  {
    label: 'headings h2–h6',
    source: ['h2', 'h3', 'h4', 'h5', 'h6'],
    // Any level: deeper headings are stored as the smallest one the editor keeps.
    stored: ['h2', 'h3', 'h4', 'h5', 'h6'],
    lost: /^element:h[2-6]$/,
  },
  { label: 'lists', source: ['ul', 'ol', 'dl'], stored: ['ul', 'ol'], lost: /^element:(ul|ol|dl)$/ },
  { label: 'quotes', source: ['blockquote'], stored: ['blockquote'], lost: /^element:blockquote$/ },
  { label: 'code blocks', source: ['pre'], stored: ['pre'], lost: /^element:pre$/ },
  { label: 'images', source: ['img'], stored: ['img'], lost: /^element:img$/ },
  // Cards are counted by their frame's class (elementCounts). `mapped`: what the reader of the file
  // had already turned into something else and reported (an embed of no known provider into a link,
  // a video into a link to its file), so it is no longer in the HTML handed on.
  { label: 'galleries', source: ['gallery-card'], stored: ['gallery-card'], lost: /^element:gallery-card$/ },
  {
    label: 'embeds',
    source: ['iframe', 'embed', 'object', 'embed-card'],
    stored: ['embed-card'],
    lost: /^(element:(iframe|embed|object|embed-card|embed \(.+\))|shortcode:embed|card:embed)$/,
    mapped: /^(element:embed \(.+\)|shortcode:embed|card:embed)$/,
  },
  { label: 'toggles', source: ['details'], stored: ['details'], lost: /^element:details$/ },
  { label: 'callouts', source: ['callout-card'], stored: ['callout-card'], lost: /^element:callout-card$/ },
  { label: 'buttons', source: ['button-card'], stored: ['button-card'], lost: /^element:button-card$/ },
  {
    label: 'video, audio',
    source: ['video', 'audio'],
    stored: [],
    lost: /^element:(video|audio|wideo jako link|audio jako link)$/,
    mapped: /^element:(wideo jako link|audio jako link)$/,
  },
  { label: 'links', source: ['a'], stored: ['a'], lost: /^element:a$/ },
];

interface Row {
  source: number;
  kept: number;
  lost: number;
}

const sum = (counts: Map<string, number>, names: string[]) =>
  names.reduce((total, name) => total + (counts.get(name) ?? 0), 0);

async function storedBodies(source: string, sourceIds: string[]): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ source_id: string; content: string }>(
      `SELECT s.source_id, p.content FROM import_sources s JOIN posts p ON p.id = s.local_id
        WHERE s.kind = 'post' AND s.source = $1 AND s.source_id = ANY($2)`,
      [source, sourceIds],
    );
    return new Map(rows.map((row) => [row.source_id, row.content]));
  } finally {
    await client.end();
  }
}

/** Imports the file and measures, per category, what its posts had, what they kept and what was reported. */
export async function fidelity(file: string) {
  const bytes = await fixture(file);
  const document = readImportFile(bytes, [], {});
  const report: ImportReport = await importFile(bytes);
  expect(report.created.posts, 'every post of the file is new to the blog').toBe(document.posts.length);
  const stored = await storedBodies(
    `${report.source.kind}:${report.source.site}`,
    document.posts.map((post) => post.sourceId),
  );
  const reported = new Map(report.losses.map((entry) => [entry.sourceId, entry]));
  const table = new Map<string, Row>(CATEGORIES.map((c) => [c.label, { source: 0, kept: 0, lost: 0 }]));
  const words: Row = { source: 0, kept: 0, lost: 0 };
  for (const post of document.posts) {
    const content = stored.get(post.sourceId);
    expect(content, `post ${post.sourceId} „${post.title}” was imported`).toBeDefined();
    // What the importer set out to store: the file's HTML with its blocks, shortcodes and cards reshaped.
    const given = mappedContent(post.html, report.source.kind).html;
    const before = elementCounts(given);
    const after = elementCounts(content!);
    const lost = reported.get(post.sourceId)?.lost ?? [];
    for (const category of CATEGORIES) {
      const row = table.get(category.label)!;
      const reportedAs = (pattern: RegExp | undefined) =>
        lost
          .filter((loss) => pattern?.test(`${loss.kind}:${loss.name}`))
          .reduce((total, loss) => total + loss.count, 0);
      const lostHere = reportedAs(category.lost);
      const source = sum(before, category.source) + reportedAs(category.mapped);
      const kept = Math.min(sum(after, category.stored), source);
      expect(kept + lostHere, `${category.label} of „${post.title}”: kept + reported = in the file`).toBe(
        source,
      );
      row.source += source;
      row.kept += kept;
      row.lost += lostHere;
    }
    const postWords = wordsKept(readableText(given), readableText(content!));
    words.source += postWords.source;
    words.kept += postWords.kept;
    words.lost += postWords.source - postWords.kept;
  }
  // The report, as stored and read back through the contract's schema, still names every loss.
  expect(importReportView(JSON.parse(JSON.stringify(report))).result?.losses).toEqual(report.losses);
  return { posts: document.posts.length, table, words, report };
}

const share = (row: Row) => (row.source === 0 ? '—' : `${((row.kept / row.source) * 100).toFixed(1)} %`);

export function printFidelity(title: string, result: Awaited<ReturnType<typeof fidelity>>) {
  const lines = [
    `${title} (${result.posts} posts)`,
    'element          | in file | kept | reported lost | kept share',
    ...[...result.table].map(
      ([label, row]) =>
        `${label.padEnd(16)} | ${String(row.source).padStart(7)} | ${String(row.kept).padStart(4)} | ${String(row.lost).padStart(13)} | ${share(row)}`,
    ),
    `${'words'.padEnd(16)} | ${String(result.words.source).padStart(7)} | ${String(result.words.kept).padStart(4)} | ${String(result.words.lost).padStart(13)} | ${share(result.words)}`,
  ];
  // The figures are the point of this test: printed for the reader of the run.
  // eslint-disable-next-line no-console
  console.log(lines.join('\n'));
}
