import { SaxesParser } from 'saxes';
import { badRequest } from '../../errors.ts';

/** One element of a parsed document: qualified name (`wp:post_id`), attributes, children, text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export const DOCTYPE_REFUSED =
  'Plik zawiera deklarację DOCTYPE (np. encje XML), której eksport WordPressa nigdy nie zawiera. Ze względów bezpieczeństwa nie importujemy takich plików.';
export const XML_MALFORMED = 'Plik XML jest uszkodzony';

/**
 * Parses XML into a small element tree with saxes, a strict, non-validating parser that never
 * reads a DTD: there are no external entities to fetch (XXE) and no declared entities to expand
 * (billion laughs). A DOCTYPE is refused outright the moment it appears, before anything is built,
 * and any entity beyond the five predefined ones is a well-formedness error.
 */
export function parseXmlTree(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  parser.on('doctype', () => fail(badRequest(DOCTYPE_REFUSED)));
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string) => {
    stack.at(-1)!.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (err) => fail(badRequest(`${XML_MALFORMED} (wiersz ${parser.line}): ${err.message}.`)));
  try {
    // Fed in slices so a DOCTYPE near the top stops the work at once, whatever follows it.
    for (let at = 0; at < xml.length && !failure; at += 1 << 20) parser.write(xml.slice(at, at + (1 << 20)));
    if (!failure) parser.close();
  } catch (err) {
    fail(badRequest(`${XML_MALFORMED} (wiersz ${parser.line}): ${(err as Error).message}.`));
  }
  if (failure) throw failure;
  return root;
}

/** The first child element of that name. */
export const child = (element: XmlElement | undefined, name: string): XmlElement | undefined =>
  element?.children.find((candidate) => candidate.name === name);

/** Every child element of that name. */
export const children = (element: XmlElement | undefined, name: string): XmlElement[] =>
  element?.children.filter((candidate) => candidate.name === name) ?? [];

/** The trimmed text of the first child of that name ('' when there is none). */
export const textOf = (element: XmlElement | undefined, name: string): string =>
  child(element, name)?.text.trim() ?? '';
