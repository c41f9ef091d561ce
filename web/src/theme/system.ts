import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { firstScreenRecipes, firstScreenSlotRecipes } from './recipes.ts';

const sans =
  'Inter, "Inter Variable", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
// Long-form reading is easier on a book face; these ship with common systems, so no web font is downloaded.
const serif =
  '"Iowan Old Style", "Palatino Linotype", Palatino, Charter, "Bitstream Charter", Georgia, "Noto Serif", serif';

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'fg',
      textRendering: 'optimizeLegibility',
    },
    '::selection': { bg: 'brand.100', color: 'brand.900' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#f0f4ff' },
          100: { value: '#dde6ff' },
          200: { value: '#c2d1ff' },
          300: { value: '#98b1fd' },
          400: { value: '#6a88f8' },
          500: { value: '#4763ef' },
          600: { value: '#3347d8' },
          700: { value: '#2b39b4' },
          800: { value: '#283391' },
          900: { value: '#262f73' },
          950: { value: '#181d45' },
        },
        accent: {
          400: { value: '#fbbf24' },
          500: { value: '#f59e0b' },
        },
      },
      fonts: {
        heading: { value: sans },
        body: { value: sans },
        serif: { value: serif },
      },
    },
    // Chakra's colorPalette="brand" needs these semantic slots (same names as the built-in palettes).
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Chakra's default (red.500) is 3.4–3.8:1 on light backgrounds; field errors need 4.5:1 (WCAG AA).
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        },
      },
    },
  },
});

/**
 * Colour palettes the product never uses. Each palette is 11 tokens and 7 semantic tokens that
 * createSystem turns into CSS variables on every page load (a third of its ~200 ms on a slow phone).
 */
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink']);
const withoutUnusedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

/**
 * Chakra's `defaultConfig` minus the recipes of components the first screen does not render and the unused
 * palettes: the same tokens otherwise, global CSS and preflight, with the recipes of recipes.ts (the full set is ~26 kB gzip);
 * lazily loaded screens add theirs (more-recipes.ts).
 */
const themeWithoutRecipes = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors ?? {}) },
    // Copies: addRecipes may add to these before the system is built.
    recipes: { ...firstScreenRecipes },
    slotRecipes: { ...firstScreenSlotRecipes },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

let created: SystemContext | undefined;

/**
 * The app's Chakra system, built on first use. Building it (tokens to CSS variables) is one of the
 * longest pieces of work of a page load; start.tsx runs it in a task of its own, apart from evaluating
 * the bundle, so neither blocks the page for as long.
 */
export function appSystem(): SystemContext {
  created ??= createSystem(defaultBaseConfig, themeWithoutRecipes, config);
  return created;
}

type Recipes = NonNullable<NonNullable<SystemConfig['theme']>['recipes']>;
type SlotRecipes = NonNullable<NonNullable<SystemConfig['theme']>['slotRecipes']>;

/**
 * Adds recipes to the running system. Chakra has no public API for this: the system looks recipes up in
 * its config's theme at first use of each key (then caches the result), so they must be added before the
 * first render of a component that uses them. recipes.test.ts checks that this still takes effect.
 */
export function addRecipes(recipes: Recipes, slotRecipes: SlotRecipes): void {
  // Before the system exists (a lazy page preloaded for the first screen), into the config it will be
  // built from: building it here would make evaluating that page's chunk one long task.
  const theme = created ? created._config.theme : themeWithoutRecipes.theme;
  if (!theme) throw new Error('Chakra system without a theme');
  theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}

/** The brand colour outside Chakra (the contact canvas draws with it). */
export const BRAND_INK = '#262f73';
