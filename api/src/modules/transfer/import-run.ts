import { QueryTypes, type Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import type { Deps } from '../../deps.ts';
import type { ImageStorage } from '../images/image-storage.ts';
import type { ImageSources } from './import-images.ts';
import type { ImportReport } from './import-report.ts';
import type { ImportedObjects } from './import-sources.ts';
import type { TransferDocument } from './transfer-document.ts';

export interface ImportProgress {
  (done: number, total: number): void | Promise<void>;
}

/**
 * What an import writes to: the database, and the blog's address (the export names its site by it
 * and knows its own image links by it). The public caches need no word: the database's triggers tell
 * every API process what the commit changed.
 */
export interface ImportTarget {
  sequelize: Sequelize;
  /** PUBLIC_URL. */
  publicUrl: string;
}

/** The import target of a running API or worker. */
export const importTargetOf = (deps: Pick<Deps, 'sequelize' | 'config'>): ImportTarget => ({
  sequelize: deps.sequelize,
  publicUrl: deps.config.PUBLIC_URL,
});

/** What one import run carries from step to step (importer.service.ts, import-authors.ts). */
export interface Run {
  deps: ImportTarget;
  transaction: Transaction;
  source: TransferDocument['source']['kind'];
  /** The moment of the import: what „still ahead” and „10 years ahead” are measured from. */
  now: Date;
  known: ImportedObjects;
  report: ImportReport;
  /** Imported posts' earlier slugs, written once every post of the file has its own. */
  oldSlugs: { postId: number; oldSlugs: string[] }[];
  storage: ImageStorage;
  sources: ImageSources;
  written: string[];
}

export const query = async <T extends object>(run: Run, sql: string, replacements: Record<string, unknown>) =>
  run.deps.sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements, transaction: run.transaction });

/**
 * `base`, or `base-2`, `base-3`… : the first value `taken` says is free. Cut to `max` UTF-16 units (as
 * the forms count), never inside a character: half of an emoji's surrogate pair would be stored as U+FFFD.
 */
export async function firstFree(base: string, max: number, taken: (value: string) => Promise<boolean>) {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : `-${n}`;
    const cut = base.slice(0, max - suffix.length).replace(/[\uD800-\uDBFF]$/, '');
    const value = `${cut.replace(/-+$/, '')}${suffix}`;
    if (!(await taken(value))) return value;
  }
}
