import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export type WebBundleReport =
  | {
      available: true;
      /** Built by this run because web/dist was missing. */
      builtNow: boolean;
      /** What index.html loads at start: module scripts, modulepreload links and the first screen's chunks. */
      initial: { files: FileSize[]; rawBytes: number; gzipBytes: number };
      /** Every other JS file in dist, fetched only when a lazy route or component needs it. */
      lazy: FileSize[];
    }
  | { available: false; reason: string };

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];

/** The JS files index.html makes the browser fetch before anything is shown. */
export function initialScripts(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') files.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel')?.toLowerCase() === 'modulepreload') files.push(href);
  }
  // main.tsx preloads these itself once the page is painted (vite.config.ts firstScreenPreloads).
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'name') === 'first-screen-chunks')
      files.push(...(attribute(tag, 'content') ?? '').split(' '));
  }
  return [...new Set(files.filter(Boolean))];
}

function sizeOf(distDir: string, file: string): FileSize {
  const content = readFileSync(path.join(distDir, file));
  return { file, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

const sum = (files: FileSize[], key: 'rawBytes' | 'gzipBytes') =>
  files.reduce((total, file) => total + file[key], 0);

function listJs(dir: string, base = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(base, entry.name);
    if (entry.isDirectory()) return listJs(path.join(dir, entry.name), relative);
    return entry.name.endsWith('.js') ? [relative] : [];
  });
}

/** Builds the web once when web/dist has no index.html; a failed build is reported, not thrown. */
function ensureBuilt(rootDir: string, distDir: string): { built: boolean; error?: string } {
  if (existsSync(path.join(distDir, 'index.html'))) return { built: false };
  const build = spawnSync('npm', ['run', 'build'], { cwd: rootDir, encoding: 'utf8', timeout: 300_000 });
  if (build.status !== 0 || !existsSync(path.join(distDir, 'index.html'))) {
    const output = `${build.stderr ?? ''}${build.stdout ?? ''}`.trim().split('\n').slice(-5).join(' | ');
    return { built: false, error: `npm run build failed: ${output || build.error?.message || 'no output'}` };
  }
  return { built: true };
}

export function measureWebBundle(rootDir: string, distDir: string): WebBundleReport {
  const { built, error } = ensureBuilt(rootDir, distDir);
  if (error) return { available: false, reason: error };
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initialFiles = initialScripts(html).map((src) => src.replace(/^\.?\//, ''));
  const missing = initialFiles.filter((file) => !existsSync(path.join(distDir, file)));
  if (initialFiles.length === 0) return { available: false, reason: 'index.html loads no module script' };
  if (missing.length > 0)
    return { available: false, reason: `index.html names missing files: ${missing.join(', ')}` };
  const initial = initialFiles.map((file) => sizeOf(distDir, file));
  const lazy = listJs(distDir)
    .filter((file) => !initialFiles.includes(file))
    .map((file) => sizeOf(distDir, file))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    available: true,
    builtNow: built,
    initial: { files: initial, rawBytes: sum(initial, 'rawBytes'), gzipBytes: sum(initial, 'gzipBytes') },
    lazy,
  };
}
