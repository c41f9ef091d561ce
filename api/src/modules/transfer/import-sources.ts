import { QueryTypes, type Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';

export type SourceKind = 'user' | 'category' | 'tag' | 'post' | 'comment';

const TABLES: Record<SourceKind, string> = {
  user: 'users',
  category: 'categories',
  tag: 'tags',
  post: 'posts',
  comment: 'comments',
};

/**
 * The objects of one source imported before (table import_sources): `kind:sourceId` → local id.
 * Rows whose object was deleted here since are dropped first, so that object is imported again.
 */
export class ImportedObjects {
  private constructor(
    private readonly sequelize: Sequelize,
    private readonly transaction: Transaction,
    private readonly source: string,
    private readonly known: Map<string, number>,
  ) {}

  static async load(
    sequelize: Sequelize,
    transaction: Transaction,
    source: string,
  ): Promise<ImportedObjects> {
    for (const [kind, table] of Object.entries(TABLES))
      await sequelize.query(
        `DELETE FROM import_sources s WHERE s.source = :source AND s.kind = :kind
           AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = s.local_id)`,
        { replacements: { source, kind }, transaction },
      );
    const rows = await sequelize.query<{ kind: string; source_id: string; local_id: number }>(
      'SELECT kind, source_id, local_id FROM import_sources WHERE source = :source',
      { type: QueryTypes.SELECT, replacements: { source }, transaction },
    );
    const known = new Map(rows.map((row) => [`${row.kind}:${row.source_id}`, row.local_id]));
    return new ImportedObjects(sequelize, transaction, source, known);
  }

  get(kind: SourceKind, sourceId: string): number | undefined {
    return this.known.get(`${kind}:${sourceId}`);
  }

  async remember(kind: SourceKind, sourceId: string, localId: number): Promise<void> {
    await this.sequelize.query(
      'INSERT INTO import_sources (source, kind, source_id, local_id) VALUES (:source, :kind, :sourceId, :localId)',
      { replacements: { source: this.source, kind, sourceId, localId }, transaction: this.transaction },
    );
    this.known.set(`${kind}:${sourceId}`, localId);
  }
}
