/** A style object as emotion takes it: declarations, nested selectors and at-rules. */
export type StyleObject = { [key: string]: unknown };

const isObject = (value: unknown): value is StyleObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Blocks whose parts do not add up when repeated: a second @keyframes of a name replaces the first. */
const isAtomic = (key: string) => key.startsWith('@keyframes') || key.startsWith('@font-face');

const sizeOf = (value: unknown): number =>
  isObject(value) ? Object.values(value).reduce<number>((sum, inner) => sum + sizeOf(inner), 0) : 1;

/**
 * Cuts `style` into pieces of about `maxDeclarations` declarations each, in order: inserted one after the
 * other they give the same CSS, the same rules in the same order, only with a selector or at-rule block
 * repeated where a cut falls inside it. @keyframes and @font-face blocks are never cut.
 */
export function splitStyles(style: StyleObject, maxDeclarations: number): StyleObject[] {
  const parts: StyleObject[] = [];
  let current: StyleObject = {};
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    parts.push(current);
    current = {};
    size = 0;
  };
  /** Adds `value` under `path` in the current piece, creating the enclosing blocks as needed. */
  const put = (path: string[], key: string, value: unknown) => {
    let target = current;
    for (const step of path) {
      const inner = target[step];
      target = isObject(inner) ? inner : (target[step] = {});
    }
    target[key] = value;
  };
  const walk = (path: string[], block: StyleObject) => {
    for (const [key, value] of Object.entries(block)) {
      if (isObject(value) && !isAtomic(key) && sizeOf(value) > maxDeclarations - size) {
        walk([...path, key], value);
        continue;
      }
      const weight = sizeOf(value);
      if (size > 0 && size + weight > maxDeclarations) flush();
      put(path, key, value);
      size += weight;
    }
  };
  walk([], style);
  flush();
  return parts;
}
