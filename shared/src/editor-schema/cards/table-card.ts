import type { Attribute } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { cellSpan } from '../../post-cards.ts';

/**
 * A cell's span (`colspan`/`rowspan`), a number for the table commands, written only when more
 * than one and within the kept range (post-cards `cellSpan`), as the server's sanitizer keeps it.
 */
const span = (name: 'colspan' | 'rowspan'): Attribute => ({
  default: 1,
  parseHTML: (element) => Number(cellSpan(element.getAttribute(name) ?? undefined) ?? 1),
  renderHTML: (attributes) => {
    const value = cellSpan(String(attributes[name] as number));
    return value ? { [name]: value } : {};
  },
});

/** What a cell carries: its spans; column widths stay unset (the table commands read them). */
const cellAttributes = () => ({
  colspan: span('colspan'),
  rowspan: span('rowspan'),
  colwidth: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
});

/**
 * The table card, written as `<table><tbody><tr><th><p>…</p></th>…</tr>…</tbody></table>` (a
 * header row is a first row of `th`): no column group, widths, alignment or style, so what the
 * editor writes is what the server keeps. Columns are never resized by hand; the page sizes them.
 */
export const TableCard = Table.extend({
  renderHTML() {
    return ['table', ['tbody', 0]];
  },
}).configure({ resizable: false, allowTableNodeSelection: false });

export const TableCardRow = TableRow;
export const TableCardHeader = TableHeader.extend({ addAttributes: cellAttributes });
export const TableCardCell = TableCell.extend({ addAttributes: cellAttributes });

/** The extensions of the table card, listed together. */
export const tableCardExtensions = [TableCard, TableCardRow, TableCardHeader, TableCardCell];
