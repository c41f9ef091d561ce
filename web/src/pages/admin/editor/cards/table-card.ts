/** The table card of the document's schema (@blog/shared/editor-schema), listed together in the editor. */
export {
  TableCard,
  TableCardCell,
  TableCardHeader,
  TableCardRow,
  tableCardExtensions,
} from '@blog/shared/editor-schema';

/** A new table: 3 × 3 with a header row. */
export const NEW_TABLE = { rows: 3, cols: 3, withHeaderRow: true } as const;
