import { cellSpan } from '@blog/shared/post-cards';
import type { Document, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { blocksOf } from './import-cards.ts';

const isTag = (node: unknown, ...names: string[]): node is Element =>
  (node as Element).type === 'tag' && names.includes((node as Element).name);

/** A table's rows in reading order: its head, its body (and rows outside any section), its foot. */
function rowsOf(table: Element): Element[] {
  const parts = table.children.filter((node): node is Element =>
    isTag(node, 'thead', 'tbody', 'tfoot', 'tr'),
  );
  const rows = (section: Element) =>
    section.name === 'tr' ? [section] : section.children.filter((n) => isTag(n, 'tr'));
  const order = (part: Element) => (part.name === 'thead' ? 0 : part.name === 'tfoot' ? 2 : 1);
  return parts.sort((a, b) => order(a) - order(b)).flatMap(rows) as Element[];
}

function cellHtml(cell: Element, header: boolean): string {
  const name = header || cell.name === 'th' ? 'th' : 'td';
  const spans = ['colspan', 'rowspan']
    .map((attribute) => [attribute, cellSpan(cell.attribs[attribute])] as const)
    .filter(([, value]) => value !== undefined)
    .map(([attribute, value]) => ` ${attribute}="${value}"`)
    .join('');
  return `<${name}${spans}>${blocksOf(cell.children) || '<p></p>'}</${name}>`;
}

/**
 * Every table as the table card stores it (post-cards.ts): one `tbody` of rows, the head's rows
 * first and as header cells (`th`), the foot's last, each cell's content as blocks, spans kept when
 * the editor can keep them. A caption becomes the paragraph after the table; a table without a
 * cell goes, its text kept as a paragraph. Inner tables come first, so a table in a cell is one too.
 */
export function tableCards(document: Document): void {
  for (const table of DomUtils.findAll((node) => node.name === 'table', document.children).reverse()) {
    const caption = table.children.find((node): node is Element => isTag(node, 'caption'));
    const rows = rowsOf(table)
      .map((row) => {
        const header = isTag(row.parent, 'thead');
        const cells = row.children.filter((node): node is Element => isTag(node, 'th', 'td'));
        return cells.length ? `<tr>${cells.map((cell) => cellHtml(cell, header)).join('')}</tr>` : '';
      })
      .join('');
    const after = caption ? blocksOf(caption.children) : '';
    const html = rows ? `<table><tbody>${rows}</tbody></table>${after}` : blocksOf(table.children);
    const fresh = [...parseDocument(html, { decodeEntities: false }).children];
    for (const node of fresh) DomUtils.prepend(table, node);
    DomUtils.removeElement(table);
  }
}
