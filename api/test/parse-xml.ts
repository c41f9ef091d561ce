import { SaxesParser } from 'saxes';

/**
 * Parses XML strictly (throws on anything not well-formed, a character XML 1.0 forbids included) and
 * gives the text of each element by its path, e.g. `rss/channel/item/link`.
 */
export function parseXml(xml: string): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  const open: { name: string; text: string }[] = [];
  const parser = new SaxesParser();
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => open.push({ name: tag.name, text: '' }));
  parser.on('text', (text) => {
    if (open.length > 0) open[open.length - 1]!.text += text;
  });
  parser.on('closetag', () => {
    const key = open.map((element) => element.name).join('/');
    const element = open.pop()!;
    texts.set(key, [...(texts.get(key) ?? []), element.text]);
  });
  parser.write(xml).close();
  return texts;
}
