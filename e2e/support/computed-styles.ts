import type { Page } from 'playwright-core';

/**
 * The computed properties that say how a part looks and sits: box model, font, colours, borders, radii,
 * display, flex and grid, gaps, line clamp, transitions. Hover is left out (a transition's end state).
 */
export const STYLE_PROPERTIES = [
  'display',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'box-sizing',
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-bottom-style',
  'border-top-color',
  'border-bottom-color',
  'border-left-color',
  'border-right-color',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-bottom-left-radius',
  'border-bottom-right-radius',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-align',
  'text-decoration-line',
  'white-space',
  'text-overflow',
  'color',
  'background-color',
  'background-image',
  'opacity',
  'box-shadow',
  'transform',
  'backdrop-filter',
  'overflow-x',
  'overflow-y',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'flex-shrink',
  'flex-basis',
  'justify-content',
  'align-items',
  'align-self',
  'grid-template-columns',
  'row-gap',
  'column-gap',
  '-webkit-line-clamp',
  '-webkit-box-orient',
  'list-style-type',
  'transition-property',
  'transition-duration',
  'object-fit',
  'aspect-ratio',
  'cursor',
  'vertical-align',
  'visibility',
  'clip-path',
  'clip',
] as const;

/** A part of a page whose every element (to `depth` levels below the root) is captured. */
export interface StyledRegion {
  name: string;
  selector: string;
  depth?: number;
}

/** Element key (region, child path, tag) → property → computed value; `::before` and `::after` when drawn. */
export type CapturedStyles = Record<string, Record<string, string>>;

/**
 * The computed styles of every element of the regions, keyed by the region, the element's path of child
 * indices and its tag, so a changed structure shows as a missing or new key.
 */
export function captureStyles(page: Page, regions: StyledRegion[]): Promise<CapturedStyles> {
  return page.evaluate(
    ({ regions, properties }) => {
      const out: Record<string, Record<string, string>> = {};
      const read = (style: CSSStyleDeclaration) => {
        const values: Record<string, string> = {};
        for (const property of properties) values[property] = style.getPropertyValue(property);
        return values;
      };
      const visit = (element: Element, key: string, depth: number) => {
        out[key] = read(getComputedStyle(element));
        for (const pseudo of ['::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          if (style.content !== 'none' && style.content !== '') {
            out[`${key}${pseudo}`] = { content: style.content, ...read(style) };
          }
        }
        if (depth === 0) return;
        [...element.children].forEach((child, index) => {
          // An icon's own size, not its drawing.
          visit(
            child,
            `${key}.${index}${child.tagName.toLowerCase()}`,
            child.tagName === 'svg' ? 0 : depth - 1,
          );
        });
      };
      for (const region of regions) {
        const root = document.querySelector(region.selector);
        if (!root) throw new Error(`no element for ${region.selector}`);
        visit(root, `${region.name}:${root.tagName.toLowerCase()}`, region.depth ?? 50);
      }
      return out;
    },
    { regions, properties: [...STYLE_PROPERTIES] },
  );
}

/** Every difference between two captures, one line each (an empty list when they are equal). */
export function styleDifferences(expected: CapturedStyles, actual: CapturedStyles): string[] {
  const differences: string[] = [];
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const before = expected[key];
    const after = actual[key];
    if (!before || !after) {
      differences.push(`${key}: ${before ? 'missing now' : 'new element'}`);
      continue;
    }
    for (const property of new Set([...Object.keys(before), ...Object.keys(after)]))
      if (before[property] !== after[property])
        differences.push(`${key} ${property}: ${before[property]} → ${after[property]}`);
  }
  return differences;
}

/**
 * The fixture's form: each property's most common value once (`common`), and per element only the values
 * that differ from it, one element a line, so the file stays small enough to read in a diff.
 */
export interface StyleFixture {
  common: Record<string, string>;
  elements: Record<string, Record<string, string>>;
}

export function toFixture(captured: CapturedStyles): StyleFixture {
  const counts = new Map<string, Map<string, number>>();
  for (const values of Object.values(captured))
    for (const [property, value] of Object.entries(values)) {
      const byValue = counts.get(property) ?? new Map<string, number>();
      byValue.set(value, (byValue.get(value) ?? 0) + 1);
      counts.set(property, byValue);
    }
  const common = Object.fromEntries(
    [...counts].map(([property, byValue]) => [property, [...byValue].sort((a, b) => b[1] - a[1])[0]![0]]),
  );
  const elements = Object.fromEntries(
    Object.entries(captured).map(([key, values]) => [
      key,
      Object.fromEntries(Object.entries(values).filter(([property, value]) => common[property] !== value)),
    ]),
  );
  return { common, elements };
}

export function fromFixture({ common, elements }: StyleFixture): CapturedStyles {
  return Object.fromEntries(
    Object.entries(elements).map(([key, values]) => {
      // A pseudo-element carries `content`; an element has none.
      const own = key.endsWith('::before') || key.endsWith('::after');
      const base = Object.fromEntries(
        Object.entries(common).filter(([property]) => own || property !== 'content'),
      );
      return [key, { ...base, ...values }];
    }),
  );
}

export function fixtureText({ common, elements }: StyleFixture): string {
  const lines = Object.entries(elements).map(
    ([key, values]) => `  ${JSON.stringify(key)}: ${JSON.stringify(values)}`,
  );
  return `{\n "common": ${JSON.stringify(common)},\n "elements": {\n${lines.join(',\n')}\n }\n}\n`;
}
