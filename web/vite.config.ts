import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// Chakra recipe modules the first screen does not use (src/theme/more-recipes.ts adds them later): they
// are statically reachable through '@chakra-ui/react/theme', so without a chunk of their own they would
// land in the initial chunk. The list is src/theme/recipes.ts's, as file names (recipes.test.ts checks).
const CHAKRA_RECIPE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]([a-z-]+)\.js$/;
const FIRST_SCREEN_RECIPES = new Set([
  'alert',
  'badge',
  'button',
  'card',
  'container',
  'heading',
  'link',
  'skeleton',
  'skip-nav-link',
  'spinner',
]);
const isLazyRecipe = (id: string) => {
  const name = CHAKRA_RECIPE.exec(id)?.[1];
  return name !== undefined && !FIRST_SCREEN_RECIPES.has(name);
};

/**
 * Chakra's createSystem turns every token into CSS variables and builds the global and reset CSS
 * (`_global`) before it returns: about half of its time, in one task that blocked the main thread for
 * ~150 ms at 4x CPU throttling. Made lazy here (computed on first read, the same value), main.tsx reads it
 * in a task of its own. Fails the build when Chakra's source no longer matches, rather than silently
 * losing the split.
 */
const CHAKRA_SYSTEM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const GLOBAL_FIELD = '    _global,\n';
function lazyChakraGlobal(): Plugin {
  return {
    name: 'lazy-chakra-global',
    transform(code, id) {
      if (!CHAKRA_SYSTEM.test(id)) return null;
      if (!code.includes(EAGER_GLOBAL) || !code.includes(GLOBAL_FIELD))
        throw new Error('lazy-chakra-global: Chakra createSystem changed; update web/vite.config.ts');
      return code
        .replace(EAGER_GLOBAL, 'let _global;')
        .replace(
          GLOBAL_FIELD,
          '    get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n',
        );
    },
  };
}

// Root is pinned to web/ so the build behaves the same from the repo root (`vite build --config web/vite.config.ts`)
// and from web/ itself.
export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));

/**
 * The server renderer (`vite build --ssr src/entry-server.tsx`, package.json): one self-contained module
 * for Node in web/dist-server (never served), with its npm packages bundled in and React's production
 * build, however the API process that loads it runs.
 */
const serverBuild: UserConfig = {
  root: webRoot,
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('./dist-server', import.meta.url)),
    emptyOutDir: true,
    minify: false,
  },
};

const browserBuild: UserConfig = {
  root: webRoot,
  plugins: [react(), lazyChakraGlobal()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // React + Chakra make the public entry ~150 kB gzip (~500 kB minified); the warning would only be noise.
    chunkSizeWarningLimit: 800,
    // No <link rel=modulepreload> per dependency of a lazy chunk: appending ~20 of them when an article's
    // chunk is requested took ~60 ms of main thread at 4x CPU throttling; the browser fetches a chunk's
    // imports itself when it reads the chunk (one more round trip, after the first paint).
    modulePreload: false,
    rolldownOptions: {
      // Chakra's theme module builds its full default config (every recipe) at load time with
      // defineConfig, an identity function the bundler cannot see is pure. Marking it pure lets the
      // app import tokens from '@chakra-ui/react/theme' without carrying the recipes it never renders
      // (theme/system.ts picks the ones it uses).
      treeshake: { manualPureFunctions: ['defineConfig'] },
      // Everything the entry imports statically is fetched on every first visit anyway: one file instead of
      // two dozen small shared chunks compresses better (-7 kB gzip) and costs fewer requests. Lazy pages
      // import what they share with it from that file. Recipes only lazy screens use go elsewhere.
      output: {
        codeSplitting: {
          groups: [
            { name: 'more-recipes', test: isLazyRecipe, priority: 1, includeDependenciesRecursively: false },
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
};
