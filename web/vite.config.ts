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
  'button',
  'card',
  'container',
  'heading',
  'link',
  'skeleton',
  'spinner',
]);
const isLazyRecipe = (id: string) => {
  const name = CHAKRA_RECIPE.exec(id)?.[1];
  return name !== undefined && !FIRST_SCREEN_RECIPES.has(name);
};

/**
 * The first screen's code in three chunks, evaluated one after the other in tasks of their own (main.tsx):
 * React, then the design system (Chakra and the other npm packages, with the app's system definition),
 * then the app (src/start.tsx, an entry of its own, with the router, SWR and the app's modules). Only
 * modules the entries reach statically (`$initial`) are grouped; what lazy screens add stays in their
 * chunks. A group may import only groups before it (checked at build time by `acyclicChunks`): chunks
 * in a cycle would be evaluated together.
 */
const START = fileURLToPath(new URL('./src/start.tsx', import.meta.url));
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const APP_PACKAGES = /[\\/]node_modules[\\/](react-router|swr|cookie|set-cookie-parser|dequal)[\\/]/;
const SYSTEM_SOURCES = /[\\/]web[\\/]src[\\/]theme[\\/](system|recipes)\.ts$/;
const ENTRY_ONLY = /(\.html$|[\\/]src[\\/]main\.tsx$|preload-helper|^\0)/;
const isSystem = (id: string) =>
  SYSTEM_SOURCES.test(id) || (id.includes('node_modules') && !REACT.test(id) && !APP_PACKAGES.test(id));
const firstScreenGroups = [
  { name: 'more-recipes', test: isLazyRecipe, priority: 4, includeDependenciesRecursively: false },
  // Vite's dynamic-import helper, which the entry and lazy screens share: alone, not pulled into 'app'.
  { name: 'preload-helper', test: /preload-helper/, priority: 5 },
  { name: 'react', test: REACT, tags: ['$initial'], priority: 3 },
  { name: 'system', test: isSystem, tags: ['$initial'], priority: 2 },
  // The rest of what the app's start reaches; main.tsx and Vite's dynamic-import helper stay in the entry.
  { name: 'app', test: (id: string) => !ENTRY_ONLY.test(id), tags: ['$initial'], priority: 1 },
];

/** Fails the build when chunks import each other in a cycle (see firstScreenGroups). */
function acyclicChunks(): Plugin {
  return {
    name: 'acyclic-chunks',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const done = new Set<string>();
      const visit = (name: string, path: string[]) => {
        if (path.includes(name)) throw new Error(`acyclic-chunks: ${[...path, name].join(' -> ')}`);
        if (done.has(name)) return;
        for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
        done.add(name);
      };
      for (const name of imports.keys()) visit(name, []);
    },
  };
}

/**
 * Chakra's createSystem turns every token into CSS variables and builds the global and reset CSS
 * (`_global`) before it returns: about half of its time, in one task that blocked the main thread for
 * ~150 ms at 4x CPU throttling. Made lazy here (computed on first read, the same value), start.tsx reads it
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

/**
 * The chunks main.tsx imports in turn and what they import, listed in a `<meta name=first-screen-chunks>`
 * of index.html (so of every page the server renders from it). main.tsx preloads them all at once after
 * the first paint: they download and compile in parallel and are evaluated one by one later. Preloaded
 * from the HTML itself they competed with the page's first image on a slow connection (Lighthouse on
 * `npm start`, interleaved: FCP ~2.1 s → ~1.1 s, `/` 96–97 → 99–100, a long article 95–97 → 97–99).
 * Lazy screens' chunks are not among them.
 */
function firstScreenPreloads(): Plugin {
  return {
    name: 'first-screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const files = new Set<string>();
        const add = (file: string) => {
          const next = bundle[file];
          if (files.has(file) || next?.type !== 'chunk') return;
          files.add(file);
          next.imports.forEach(add);
        };
        chunk.imports.forEach(add);
        const entrySize = [...files].reduce(
          (sum, file) => sum + (bundle[file] as { code: string }).code.length,
          0,
        );
        if (entrySize > 4000)
          throw new Error(`first-screen-preloads: the entry imports ${[...files].join(', ')} statically`);
        files.clear();
        chunk.dynamicImports.forEach(add);
        return [
          {
            tag: 'meta',
            attrs: { name: 'first-screen-chunks', content: [...files].map((file) => `/${file}`).join(' ') },
            injectTo: 'head' as const,
          },
        ];
      },
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
  plugins: [react(), lazyChakraGlobal(), acyclicChunks(), firstScreenPreloads()],
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
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), start: START },
      output: { codeSplitting: { groups: firstScreenGroups } },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
};
