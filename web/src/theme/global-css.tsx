import type { SystemContext } from '@chakra-ui/react';
import { Global, type Interpolation } from '@emotion/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { nextTask } from '../lib/next-task.ts';
import { splitStyles, type StyleObject } from './split-styles.ts';

/** Declarations per piece: each piece's serialize and insert stays well under 50 ms at 4x CPU throttling. */
const PIECE = 60;

/**
 * ChakraProvider inserts the reset, global and token CSS (~40 kB of rules, emotion's <Global>) in the
 * same commit as the page, where parsing that CSS took ~140 ms at 4x CPU throttling. (A server-rendered
 * page carries that CSS in its HTML: withoutGlobalCss below.) Here it goes in before the page, in pieces of a
 * task each (every piece its own <Global> in a root without DOM, so the style elements keep their
 * order); the provider then gets the system without it. Resolves to that system.
 */
export async function insertGlobalCss(system: SystemContext): Promise<SystemContext> {
  // Chakra's style objects, cut where emotion would read them the same (split-styles.ts).
  const pieces = [
    system.layers.atRule,
    ...system._global.flatMap((style) => splitStyles(style as StyleObject, PIECE)),
  ] as Interpolation[];
  for (const piece of pieces) {
    await nextTask();
    flushSync(() => createRoot(document.createElement('div')).render(<Global styles={piece} />));
  }
  return { ...system, _global: [] };
}

/**
 * The system without its global CSS, for hydrating a server-rendered page, whose HTML carries that CSS
 * already. Copied by property descriptors: Chakra computes `_global` on first read (vite.config.ts
 * lazyChakraGlobal), and a spread would read it.
 */
export function withoutGlobalCss(system: SystemContext): SystemContext {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(system)) as SystemContext;
  Object.defineProperty(copy, '_global', { value: [], enumerable: true });
  return copy;
}
